import { startOAuthProviders } from '../tests/support/oauth-providers';
import { seedSteadyChannel } from '../tests/support/provider-analytics';

/**
 * The providers' stand-in in a process of its own, so the platform sync bench measures the sync's CPU
 * and not the stand-in's. Answers with 120 days of a YouTube channel; prints its address and
 * credentials as one JSON line, then serves until it is killed.
 */
const providers = await startOAuthProviders();
seedSteadyChannel(providers.analytics, new Date());
console.log(JSON.stringify({ url: providers.url, credentials: providers.credentials }));
