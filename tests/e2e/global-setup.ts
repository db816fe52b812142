import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ecbHistoryFile, startEcbServer } from '../support/ecb-server';
import { startOAuthProviders } from '../support/oauth-providers';
import { seedSteadyChannel } from '../support/provider-analytics';
import { startServerProcess } from '../support/server-process';
import { startFakeStripe } from '../support/stripe-server';
import { E2E_OPERATOR_EMAIL, E2E_PASSWORD_OPERATOR_EMAIL } from './operator';

/** Starts the built app as `npm start` does (the bundled server), on a free port with its own DATA_DIR. */
export default async function globalSetup() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-e2e-'));
  // Payments go to a local stand-in for Stripe's API (subscribe.spec.ts).
  const stripe = await startFakeStripe();
  // Platform sign-ins go to a local stand-in (platforms.spec.ts); Instagram is left without
  // credentials, as on a server where it is not set up.
  const oauth = await startOAuthProviders();
  // The channel every e2e creator connects has four months of history and revenue.
  seedSteadyChannel(oauth.analytics, new Date());
  // Exchange rates come from a local stand-in for the ECB's site (revenue-currency.spec.ts), read once as
  // the server starts: its 90-day file has 1, 2 and 5 October 2026.
  const ecb = await startEcbServer();
  const history = '/stats/eurofxref/eurofxref-hist-90d.xml';
  ecb.serve(history, {
    body: ecbHistoryFile([
      { day: '2026-10-01', rates: { USD: '1.1600', GBP: '0.8650', JPY: '170.10' } },
      { day: '2026-10-02', rates: { USD: '1.1620', GBP: '0.8660', JPY: '171.00' } },
      { day: '2026-10-05', rates: { USD: '1.1650', GBP: '0.8702', JPY: '172.45' } },
    ]),
  });
  const {
    INSTAGRAM_CLIENT_ID: _id,
    INSTAGRAM_CLIENT_SECRET: _secret,
    ...oauthCredentials
  } = oauth.credentials;
  const server = await startServerProcess(
    {
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      // Tests act as many visitors, each with an address of its own (fixtures.ts), as behind a load balancer.
      TRUST_PROXY: 'true',
      // The operators the console specs sign in as (admin.spec.ts, account-security.spec.ts).
      ADMIN_EMAILS: `${E2E_OPERATOR_EMAIL},${E2E_PASSWORD_OPERATOR_EMAIL}`,
      // The data controller the privacy page names (public-pages.spec.ts).
      COMPANY_NAME: 'Ballast Creator Tools Ltd',
      COMPANY_ADDRESS: '1 Example Street, London EC1A 1AA',
      ...stripe.env,
      OAUTH_PROVIDER_URL: oauth.url,
      FX_RATES_URL: ecb.urlOf(history),
      ...oauthCredentials,
    },
    { entry: 'start-script', isEchoingErrors: true },
  );
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  // A spec confirms a payment as a browser's Stripe.js would (admin-people.spec.ts).
  process.env.E2E_STRIPE_API_URL = stripe.url;

  return async () => {
    await server.stop();
    await stripe.close();
    await oauth.close();
    await ecb.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
