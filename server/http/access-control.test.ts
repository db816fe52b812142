import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app';
import { as, signUpUser, type TestUser } from '../../tests/support/users';

/**
 * The access-control matrix for resources that belong to one creator, generated from the route table:
 * every signed-in route with an id in its path must be listed here with a way to make such a resource,
 * so a new one cannot be left out. For each, another creator gets 404 (not 403: they must not learn it
 * exists) and the owner's resource is unchanged. Signed-out calls (401 first) are covered by
 * signed-in-routes.test.ts, and operator-only routes (404 to creators) by the admin tests.
 */

type Caller = ReturnType<typeof as>;
type Owned = {
  /** Makes the resource as its owner; answers the path to call, with the id filled in. */
  create(owner: TestUser, request: Caller): Promise<string>;
  body?: unknown;
  /** Reads the resource back as its owner, to show the stranger's call changed nothing. */
  check(request: Caller, path: string): Promise<unknown>;
};

/** Routes whose path names something other than a creator's resource. */
const NOT_OWNED = new Set([
  // The platform's name, not a record: `/api/connect/youtube` starts the creator's own OAuth round trip.
  'GET /api/connect/:platform',
  'GET /api/connect/:platform/callback',
  // A calendar month, looked up among the caller's own revenue and connection only: another creator's
  // month is the caller's own month (404 when they have nothing recorded twice in it).
  'POST /api/platforms/youtube/revenue-overlaps/:month',
]);

let t: TestApp;

async function json<T>(response: Promise<Response>): Promise<T> {
  const answered = await response;
  expect(answered.status, await answered.clone().text()).toBeLessThan(300);
  return (await answered.json()) as T;
}

async function revenueEntry(_owner: TestUser, request: Caller) {
  const entry = await json<{ id: string }>(
    request('/api/revenue', {
      method: 'POST',
      json: { source: 'courses', amount: '120', date: '2026-10-02' },
    }),
  );
  return entry.id;
}

/** The entry is still there for its owner. */
const revenueCheck = (request: Caller, path: string) => json(request(path));

const owned =
  (create: (owner: TestUser, request: Caller) => Promise<string>, pathOf: (id: string) => string) =>
  async (owner: TestUser, request: Caller) =>
    pathOf(await create(owner, request));

/** A read screenshot of the owner's, with one figure; answers its path. */
async function screenshotOf(owner: TestUser) {
  const metrics = [
    {
      key: 'views',
      label: 'Views',
      shown: '12.3K',
      value: 12300,
      currency: null,
      confidence: 91,
      isCorrected: false,
    },
  ];
  const { rows } = await t.database.pool.query<{ id: string }>(
    `INSERT INTO screenshots (user_id, platform, file_name, stored_name, mime_type, bytes, width, height, status, metrics)
     VALUES ($1, 'youtube', 'studio.png', $1 || '/x.png', 'image/png', 1, 1, 1, 'analysed', $2) RETURNING id`,
    [owner.id, JSON.stringify(metrics)],
  );
  return `/api/screenshots/${rows[0]!.id}/metrics`;
}

/** The screenshot's figure is as its owner left it. */
async function screenshotCheck(request: Caller) {
  const [screenshot] = await json<{ metrics: { value: number }[] }[]>(request('/api/screenshots'));
  expect(screenshot?.metrics).toHaveLength(1);
  expect(screenshot?.metrics[0]?.value).toBe(12300);
}

const OWNED: Record<string, Owned> = {
  'GET /api/revenue/:id': {
    create: owned(revenueEntry, (id) => `/api/revenue/${id}`),
    check: revenueCheck,
  },
  'PATCH /api/revenue/:id': {
    create: owned(revenueEntry, (id) => `/api/revenue/${id}`),
    body: { amount: '999' },
    check: async (request, path) =>
      expect(await json<{ amount: string }>(request(path))).toMatchObject({ amount: '120.00' }),
  },
  'DELETE /api/revenue/:id': {
    create: owned(revenueEntry, (id) => `/api/revenue/${id}`),
    check: revenueCheck,
  },
  'POST /api/alerts/:id/read': {
    create: async (owner) => {
      const { rows } = await t.database.pool.query<{ id: string }>(
        `INSERT INTO alerts (user_id, severity, platform, title, description, cause)
         VALUES ($1, 'high', 'youtube', 'Views fell', 'Views fell by half.', 'test:' || gen_random_uuid()) RETURNING id`,
        [owner.id],
      );
      return `/api/alerts/${rows[0]!.id}/read`;
    },
    check: async (request, path) => {
      const id = path.split('/')[3];
      const { alerts } = await json<{ alerts: { id: string; readAt: string | null }[] }>(
        request('/api/alerts'),
      );
      expect(alerts.find((alert) => alert.id === id)).toMatchObject({ readAt: null });
    },
  },
  'PATCH /api/blueprints/:id/progress': {
    create: async (_owner, request) => {
      await json(request('/api/user/onboarding', { method: 'POST', json: { platforms: ['youtube'] } }));
      const blueprint = await json<{ id: string }>(request('/api/blueprints', { method: 'POST' }));
      return `/api/blueprints/${blueprint.id}/progress`;
    },
    // Within the first week's preview, so the owner's plan is not what decides.
    body: { progress: 25 },
    check: async (request) => {
      const [blueprint] = await json<{ progress: number }[]>(request('/api/blueprints'));
      expect(blueprint?.progress).toBe(0);
    },
  },
  'PATCH /api/blueprints/:id/weeks/:week': {
    create: async (_owner, request) => {
      await json(request('/api/user/onboarding', { method: 'POST', json: { platforms: ['youtube'] } }));
      const blueprint = await json<{ id: string }>(request('/api/blueprints', { method: 'POST' }));
      return `/api/blueprints/${blueprint.id}/weeks/1`;
    },
    body: { ticked: [0, 1] },
    check: async (request) => {
      const [blueprint] = await json<{ progress: number; ticked: number[][] }[]>(request('/api/blueprints'));
      expect(blueprint).toMatchObject({ progress: 0, ticked: [[], [], [], []] });
    },
  },
  'DELETE /api/platforms/:id': {
    create: async (_owner, request) => {
      const connection = await json<{ id: string }>(
        request('/api/platforms', {
          method: 'POST',
          json: { platform: 'tiktok', platformUserId: '@owner', platformUsername: '@owner', isActive: true },
        }),
      );
      return `/api/platforms/${connection.id}`;
    },
    check: async (request) => expect(await json<unknown[]>(request('/api/platforms'))).toHaveLength(1),
  },
  'GET /api/screenshots/:id/image': {
    create: async (owner) => {
      const metricsPath = await screenshotOf(owner);
      const id = metricsPath.split('/')[3]!;
      await t.storage.put(
        `users/${owner.id}/screenshots/x.png`,
        Buffer.from('the owner’s pixels'),
        'image/png',
      );
      return `/api/screenshots/${id}/image`;
    },
    check: async (request, path) => {
      const served = await request(path);
      expect([served.status, await served.text()]).toEqual([200, 'the owner’s pixels']);
    },
  },
  'PATCH /api/screenshots/:id/metrics/:key': {
    create: async (owner) => `${await screenshotOf(owner)}/views`,
    body: { value: 1 },
    check: screenshotCheck,
  },
  'POST /api/screenshots/:id/metrics/:key/confirm': {
    create: async (owner) => `${await screenshotOf(owner)}/views/confirm`,
    check: screenshotCheck,
  },
  'PUT /api/screenshots/:id/period': {
    create: async (owner) => `${(await screenshotOf(owner)).replace(/metrics$/, 'period')}`,
    body: { period: 'last_7_days' },
    check: async (request) => {
      const [screenshot] = await json<{ period: string }[]>(request('/api/screenshots'));
      expect(screenshot?.period).toBe('unknown');
    },
  },
  'PUT /api/screenshots/:id/metrics': {
    create: screenshotOf,
    body: { figures: { views: '1.2M' } },
    check: screenshotCheck,
  },
};

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
});

afterAll(async () => {
  await t?.close();
});

const creatorRoutesWithIds = () =>
  t.app.routeTable
    .filter(
      ({ url }) =>
        url.startsWith('/api/') && !url.startsWith('/api/admin/') && !url.startsWith('/api/identity/'),
    )
    .filter(({ url }) => url.includes('/:'))
    .map(({ method, url }) => `${method} ${url}`)
    .filter((route) => !NOT_OWNED.has(route) && !route.startsWith('HEAD '));

describe('another creator’s resources', () => {
  it('lists every route that takes a resource id', () => {
    expect(creatorRoutesWithIds().sort()).toEqual(Object.keys(OWNED).sort());
  });

  it.each(Object.keys(OWNED))('%s answers 404 to anyone but the owner and changes nothing', async (route) => {
    const spec = OWNED[route]!;
    const [method] = route.split(' ') as [string];
    const owner = await signUpUser(t);
    const stranger = await signUpUser(t);
    const path = await spec.create(owner, as(t, owner));
    const init = { method, ...(spec.body !== undefined ? { json: spec.body } : {}) };

    const refused = await as(t, stranger)(path, init);
    expect(refused.status, await refused.clone().text()).toBe(404);
    expect(((await refused.json()) as { error: string }).error).toBe('NOT_FOUND');
    await spec.check(as(t, owner), path);

    // The owner's own call is allowed: the 404 above was about who asked, not a wrong path.
    const allowed = await as(t, owner)(path, init);
    expect(allowed.status, await allowed.clone().text()).toBeLessThan(300);
  });
});
