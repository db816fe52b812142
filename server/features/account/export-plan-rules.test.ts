import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { givePaidPlan } from '../../../tests/support/plans';
import { as, signInWithEmailLink, signUpUser, type TestUser } from '../../../tests/support/users';

/**
 * The plan rules hold on every way out, not only on the screens (issue 34, decision 024): what a
 * creator's plan does not open reaches them by no route, download, stream or email. The walk is built
 * from the route table: every `/api` route is called as the creator (operators' routes must answer 404),
 * so a new route is walked, or listed here with the reason it is not, or this file fails.
 */

type Call = { path?: string; method?: string; json?: unknown; status?: number };
type Walk = Call | { skip: string };

/** Better Auth's own endpoints and the OpenAPI document know nothing of plans or of anyone's content. */
const LIBRARY_PREFIXES = ['/api/identity/', '/api/docs'];
const NO_ID = '00000000-0000-4000-8000-000000000000';
const BAD_TOKEN = 'not-a-token';
const answers = {
  platforms: ['youtube'],
  primaryPlatform: 'youtube',
  contentNiche: 'Cooking',
  audienceSize: '50k-100k',
  monthlyRevenue: '1000-5000',
  currentStreams: ['ad_revenue'],
  biggestChallenge: 'algorithm',
  goalTimeframe: '30days',
  hasAnalytics: true,
};

/** How to call each route as a creator whose blueprint is `blueprintId`; statuses given must match. */
function walkFor(blueprintId: string): Record<string, Walk> {
  const blueprint = `/api/blueprints/${blueprintId}`;
  return {
    'GET /api/auth/user': { status: 200 },
    'GET /api/login': {},
    'GET /api/logout': { skip: 'ends the session the rest of the walk needs; answers a redirect' },
    'POST /api/logout': { skip: 'ends the session the rest of the walk needs; answers a redirect' },
    'GET /api/config': { status: 200 },
    'POST /api/contact': {
      json: { name: 'Maya', email: 'walker@plans.test', message: 'Which plan do I need?' },
    },
    'POST /api/waitlist/signup': { json: { email: `walk.${Date.now()}@plans.test` } },
    'GET /api/waitlist/counters': { status: 200 },
    'GET /api/waitlist/unsubscribe': { path: `/api/waitlist/unsubscribe?token=${BAD_TOKEN}` },
    'POST /api/waitlist/unsubscribe': { path: `/api/waitlist/unsubscribe?token=${BAD_TOKEN}` },
    'POST /api/waitlist/removal-request': { path: `/api/waitlist/removal-request?token=${BAD_TOKEN}` },
    'GET /api/waitlist/remove': { path: `/api/waitlist/remove?token=${BAD_TOKEN}` },
    'POST /api/waitlist/remove': { path: `/api/waitlist/remove?token=${BAD_TOKEN}` },
    'GET /api/waitlist/confirm': { path: `/api/waitlist/confirm?token=${BAD_TOKEN}` },
    'POST /api/waitlist/confirm': { path: `/api/waitlist/confirm?token=${BAD_TOKEN}` },
    'GET /api/waitlist/place': { path: `/api/waitlist/place?token=${BAD_TOKEN}` },
    'GET /api/account/not-me': { path: `/api/account/not-me?token=${BAD_TOKEN}` },
    'POST /api/account/not-me': { path: `/api/account/not-me?token=${BAD_TOKEN}` },
    'POST /api/stripe/webhook': { json: {} },
    'GET /api/billing/lifetime-place/checkout': {
      path: `/api/billing/lifetime-place/checkout?token=${BAD_TOKEN}`,
    },
    'GET /api/billing/lifetime-place/return': {
      path: `/api/billing/lifetime-place/return?token=${BAD_TOKEN}`,
    },
    'PATCH /api/account/profile': { json: { firstName: 'Maya' }, status: 200 },
    'POST /api/account/profile-image': {},
    'GET /api/account/profile-image': {},
    'DELETE /api/account/profile-image': {},
    'GET /api/account/export': { status: 200 },
    // An empty body: refused before anything is deleted, so the walk goes on.
    'DELETE /api/account': { json: {} },
    'GET /api/account/sessions': { status: 200 },
    'POST /api/account/sessions/sign-out-others': {},
    'POST /api/account/password-notice/dismiss': {},
    'POST /api/create-subscription': { json: {} },
    'GET /api/billing': { status: 200 },
    'POST /api/billing/portal': {},
    'GET /api/blueprints': { status: 200 },
    'POST /api/blueprints': {},
    'PATCH /api/blueprints/:id/progress': { path: `${blueprint}/progress`, json: { progress: 100 } },
    'PATCH /api/blueprints/:id/weeks/:week': { path: `${blueprint}/weeks/1`, json: { ticked: [0] } },
    'GET /api/health-check': {},
    'POST /api/health-check': {},
    'GET /api/health-check/history': { status: 200 },
    'GET /api/health-check/inputs': {},
    'GET /api/user/onboarding': { status: 200 },
    'POST /api/user/onboarding': { json: answers, status: 200 },
    'GET /api/connect/:platform': { path: '/api/connect/youtube' },
    'GET /api/connect/:platform/callback': { path: '/api/connect/youtube/callback' },
    'GET /api/platforms': { status: 200 },
    'GET /api/platforms/providers': { status: 200 },
    'POST /api/platforms': { json: {} },
    'DELETE /api/platforms/:id': { path: `/api/platforms/${NO_ID}` },
    'GET /api/platforms/youtube/revenue-overlaps': {},
    'POST /api/platforms/youtube/revenue-overlaps/:month': {
      path: '/api/platforms/youtube/revenue-overlaps/2026-10',
    },
    'GET /api/revenue': { status: 200 },
    'POST /api/revenue': { json: { source: 'courses', amount: '120', date: '2026-10-02' } },
    'GET /api/revenue/summary': { status: 200 },
    'GET /api/revenue/currencies': { status: 200 },
    'GET /api/revenue/payers': { status: 200 },
    'GET /api/revenue/history': {},
    'GET /api/revenue/export': { status: 200 },
    'POST /api/revenue/import': { json: { csv: 'date,source,amount\n2026-09-30,Courses,50' } },
    'POST /api/revenue/nothing-in-month': { json: { source: 'licensing', month: '2026-08' } },
    'GET /api/revenue/:id': { path: `/api/revenue/${NO_ID}` },
    'PATCH /api/revenue/:id': { path: `/api/revenue/${NO_ID}`, json: { amount: '1' } },
    'DELETE /api/revenue/:id': { path: `/api/revenue/${NO_ID}` },
    'POST /api/upload/screenshots': {},
    'GET /api/screenshots': { status: 200 },
    'GET /api/screenshots/:id/image': { path: `/api/screenshots/${NO_ID}/image` },
    'PATCH /api/screenshots/:id/metrics/:key': {
      path: `/api/screenshots/${NO_ID}/metrics/views`,
      json: { value: 1 },
    },
    'POST /api/screenshots/:id/metrics/:key/confirm': {
      path: `/api/screenshots/${NO_ID}/metrics/views/confirm`,
    },
    'PUT /api/screenshots/:id/period': {
      path: `/api/screenshots/${NO_ID}/period`,
      json: { period: 'lifetime' },
    },
    'PUT /api/screenshots/:id/metrics': { path: `/api/screenshots/${NO_ID}/metrics`, json: { figures: {} } },
    'GET /api/alerts': { status: 200 },
    'POST /api/alerts/:id/read': { path: `/api/alerts/${NO_ID}/read` },
    // Real-time alerts are The Guardian's: refused before a stream opens.
    'GET /api/alerts/stream': { status: 402 },
    // The Mastermind's.
    'POST /api/strategy-review': { json: {}, status: 402 },
  };
}

let t: TestApp;
let operator: TestUser;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true', ADMIN_EMAILS: 'ops@plans.test' } });
  operator = await signInWithEmailLink(t, 'ops@plans.test');
});

afterAll(async () => {
  await t?.close();
});

const routeKey = (method: string, url: string) => `${method} ${url}`;

/** Every route the walk must account for: all of `/api` but the libraries' trees and HEAD twins. */
function walkedRoutes() {
  return t.app.routeTable.filter(
    ({ method, url }) =>
      url.startsWith('/api/') &&
      method !== 'HEAD' &&
      !LIBRARY_PREFIXES.some((prefix) => url.startsWith(prefix)),
  );
}

/** The ways a text can carry a string: as typed, inside JSON, inside a quoted CSV cell. */
const spellings = (text: string) => [text, JSON.stringify(text).slice(1, -1), text.replaceAll('"', '""')];

/** A creator on `plan` with an onboarded YouTube channel and an active blueprint. */
async function creatorOn(plan: 'none' | 'blueprint') {
  const user = await signUpUser(t);
  if (plan !== 'none') await givePaidPlan(t, user.id, plan);
  const request = as(t, user);
  expect((await request('/api/user/onboarding', { method: 'POST', json: answers })).status).toBe(200);
  const created = await request('/api/blueprints', { method: 'POST' });
  expect(created.status, await created.clone().text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const { rows } = await t.database.pool.query<{ steps: { week: number; tasks: string[] }[] }>(
    'SELECT steps FROM blueprints WHERE id = $1',
    [id],
  );
  return { user, request, blueprintId: id, steps: rows[0]!.steps };
}

/** An algorithm-change bulletin, critical, for YouTube creators: The Guardian's, alert and email alike. */
async function publishGuardianBulletin() {
  const title = `YouTube changed its home feed ${Date.now()}`;
  const published = await as(t, operator)('/api/admin/bulletins', {
    method: 'POST',
    json: { platform: 'youtube', severity: 'critical', title, description: 'Long videos are shown less.' },
  });
  expect(published.status, await published.clone().text()).toBeLessThan(300);
  return title;
}

/** Calls every route as the creator; answers each route's body, failing on a 500 (503 says an integration is off) or an unexpected status. */
async function walkEveryRoute(request: ReturnType<typeof as>, blueprintId: string) {
  const walk = walkFor(blueprintId);
  const creatorRoutes = walkedRoutes().filter(({ url }) => !url.startsWith('/api/admin/'));
  expect(creatorRoutes.map(({ method, url }) => routeKey(method, url)).sort()).toEqual(
    Object.keys(walk).sort(),
  );
  const bodies = new Map<string, string>();
  for (const { method, url } of walkedRoutes()) {
    const key = routeKey(method, url);
    const isOperators = url.startsWith('/api/admin/');
    const spec: Walk = isOperators ? { path: url.replace(/:[^/]+/g, NO_ID), status: 404 } : walk[key]!;
    if ('skip' in spec) continue;
    const response = await request(spec.path ?? url, {
      method,
      redirect: 'manual',
      ...(spec.json !== undefined ? { json: spec.json } : {}),
    });
    const body = await response.text();
    expect(response.status, `${key}: ${body.slice(0, 300)}`).not.toBe(500);
    if (spec.status) expect(response.status, `${key}: ${body.slice(0, 300)}`).toBe(spec.status);
    bodies.set(key, body);
  }
  return bodies;
}

/** What was queued to the creator's address: every email the app would send them. */
async function emailsTo(email: string) {
  const { rows } = await t.database.pool.query<{ payload: { template: string } }>(
    `SELECT payload FROM outbox_messages WHERE payload ->> 'to' = $1`,
    [email.toLowerCase()],
  );
  return rows.map((row) => row.payload);
}

function expectNothingLocked(where: Map<string, string>, locked: string[]) {
  expect(locked.length).toBeGreaterThan(0);
  for (const [key, body] of where) {
    for (const text of locked) {
      for (const spelling of spellings(text))
        expect(body, `${key} carries "${text}"`).not.toContain(spelling);
    }
  }
}

describe('plan rules on every way out', () => {
  it('gives a creator with no plan no locked week, bulletin or alert email by any route', async () => {
    const { user, request, blueprintId, steps } = await creatorOn('none');
    const preview = new Set(steps.filter((step) => step.week === 1).flatMap((step) => step.tasks));
    const lockedTasks = steps
      .filter((step) => step.week > 1)
      .flatMap((step) => step.tasks)
      .filter((task) => !preview.has(task));
    const bulletin = await publishGuardianBulletin();

    const bodies = await walkEveryRoute(request, blueprintId);
    expectNothingLocked(bodies, [...lockedTasks, bulletin]);
    const emails = await emailsTo(user.email);
    expectNothingLocked(new Map(emails.map((email, index) => [`email ${index}`, JSON.stringify(email)])), [
      ...lockedTasks,
      bulletin,
    ]);
    expect(emails.map((email) => email.template)).not.toContain('alert');

    // The export says what the screen says: the preview week open, the rest locked, no plays behind them.
    const exported = JSON.parse(bodies.get('GET /api/account/export')!);
    const [screen] = JSON.parse(bodies.get('GET /api/blueprints')!) as { steps: unknown[] }[];
    expect(exported.blueprints).toHaveLength(1);
    expect(exported.blueprints[0].steps).toEqual(screen!.steps);
    expect(exported.blueprints[0]).not.toHaveProperty('plays');
  });

  it('gives The Blueprint all four weeks everywhere, and still no bulletin, alert email or live stream', async () => {
    const { user, request, blueprintId, steps } = await creatorOn('blueprint');
    const bulletin = await publishGuardianBulletin();

    const bodies = await walkEveryRoute(request, blueprintId);
    expectNothingLocked(bodies, [bulletin]);
    const emails = await emailsTo(user.email);
    expect(emails.map((email) => email.template)).not.toContain('alert');
    expectNothingLocked(new Map(emails.map((email, index) => [`email ${index}`, JSON.stringify(email)])), [
      bulletin,
    ]);

    const exported = JSON.parse(bodies.get('GET /api/account/export')!);
    const [screen] = JSON.parse(bodies.get('GET /api/blueprints')!) as { steps: { tasks: string[] }[] }[];
    expect(screen!.steps.map((step) => step.tasks)).toEqual(steps.map((step) => step.tasks));
    expect(exported.blueprints[0].steps).toEqual(screen!.steps);
    expect(exported.blueprints[0].plays.length).toBeGreaterThan(0);
  });
});
