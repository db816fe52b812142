import { startOAuthProviders } from '../tests/support/oauth-providers';

/**
 * The providers' stand-in in a process of its own, so the platform sync bench measures the sync's CPU
 * and not the stand-in's. Answers with 120 days of a YouTube channel; prints its address and
 * credentials as one JSON line, then serves until it is killed.
 */
const providers = await startOAuthProviders();
const today = Date.parse(new Date().toISOString().slice(0, 10));
for (let back = 120; back >= 1; back -= 1) {
  const day = new Date(today - back * 86_400_000).toISOString().slice(0, 10);
  const views = 9_000 + ((back * 37) % 1_500);
  providers.analytics.youtube.set(day, {
    views,
    estimatedMinutesWatched: views * 4,
    subscribersGained: 40 + (back % 9),
    subscribersLost: 12,
    estimatedRevenue: Math.round(views * 0.31) / 100,
  });
}
console.log(JSON.stringify({ url: providers.url, credentials: providers.credentials }));
