import type { Blueprint } from '@common/blueprints';
import { describe, expect, it } from 'vitest';
import { as, signUpUser } from '../../../tests/support/users';
import { answers, clock, generate, newCreator, setUpBlueprintApp, t } from './test-support';

setUpBlueprintApp();

describe('generating a blueprint with the planner', () => {
  it('creates the one active blueprint from the creator’s answers', async () => {
    const request = await newCreator();
    await request('/api/user/onboarding', { method: 'POST', json: answers });
    const { status, body } = await generate(request);
    expect(status).toBe(201);
    expect(body).toMatchObject({
      status: 'active',
      progress: 0,
      generatedBy: 'planner',
      completedAt: null,
      // Email list £0–£2,850 and digital product £900–£14,500; the low end within the £1,000 a month
      // the creator said they earn at least, the high end within the £5,000 they earn at most.
      projectedRevenue: { min: 900, max: 5_000 },
    });
    expect(body.projectionBasis).toMatch(
      /^Based on what you told us \(50,000–100,000 followers, £1,000–£5,000 a month in income\)/,
    );
    expect(body.steps.map((step) => step.week)).toEqual([1, 2, 3, 4]);
    expect(body.steps[0]!.title).toBe('Own your audience: start an email list');
    expect(body.steps[0]!.tasks).toContain('Add the signup link to your YouTube bio and pinned content');
    const list = (await (await request('/api/blueprints')).json()) as Blueprint[];
    expect(list.map((blueprint) => blueprint.id)).toEqual([body.id]);
  });

  it('promises nothing at the low end when nothing is known of the creator’s income', async () => {
    const { body } = await generate(await newCreator());
    expect(body.projectedRevenue.min).toBe(0);
    expect(body.projectionBasis).toContain('no known income');
  });

  it('rests the projection on recorded revenue and synced followers, and grows streams the revenue shows', async () => {
    const user = await signUpUser(t);
    const request = as(t, user);
    await request('/api/user/onboarding', { method: 'POST', json: { ...answers, currentStreams: [] } });
    // The daily sync's readings: subscribers grow, and a distractor from a screenshot is not counted.
    await t.database.pool.query(
      `INSERT INTO platform_metrics (user_id, platform, source, metric, value, recorded_at) VALUES
        ($1, 'youtube', 'sync', 'subscribers', 61800, $2::timestamptz - interval '2 days'),
        ($1, 'youtube', 'sync', 'subscribers', 62400, $2::timestamptz - interval '1 day'),
        ($1, 'youtube', 'sync', 'views', 4100000, $2::timestamptz - interval '20 days'),
        ($1, 'youtube', 'sync', 'views', 4340000, $2::timestamptz - interval '1 day'),
        ($1, 'instagram', 'screenshot', 'followers', 9000, $2::timestamptz - interval '3 days')`,
      [user.id, clock().toISOString()],
    );
    const entries = [
      { source: 'courses', amount: '1450.00', date: '2026-08-14' },
      { source: 'youtube_ads', amount: '2380.50', date: '2026-08-31' },
      { source: 'courses', amount: '1290.00', date: '2026-09-12' },
      { source: 'youtube_ads', amount: '2515.20', date: '2026-09-30' },
      { source: 'courses', amount: '1610.00', date: '2026-10-09' },
      { source: 'youtube_ads', amount: '2444.80', date: '2026-10-31' },
    ];
    for (const json of entries) await request('/api/revenue', { method: 'POST', json });
    const { body } = await generate(request);
    // Courses are in the revenue: neither a course nor coaching is started again.
    expect(body.description).toContain('You already earn from courses or coaching');
    expect(JSON.stringify(body.steps)).not.toMatch(/Plan a course|Offer one-to-one coaching/);
    expect(body.projectionBasis).toMatch(
      /^Based on your 62,400 followers on your connected platforms, £3,897 a month in recorded revenue \(Aug–Oct\)/,
    );
    expect(body.projectedRevenue.min).toBeLessThanOrEqual(3_897);
  });

  it('refuses a second while one is active, also when both are asked for at once', async () => {
    const request = await newCreator();
    const [first, second] = await Promise.all([generate(request), generate(request)]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    const refused = first.status === 409 ? first : second;
    expect(refused.body.message).toBe(
      'You already have an active blueprint. Complete it before generating a new one.',
    );
    expect(((await (await request('/api/blueprints')).json()) as Blueprint[]).length).toBe(1);
  });
});

describe('progress', () => {
  it('is 25 a week, each tick its share of its week; a week is complete only when all its tasks are', async () => {
    const request = await newCreator();
    const { body: blueprint } = await generate(request);
    const weekOne = blueprint.steps[0]!.tasks.length;
    expect(weekOne).toBe(4);
    const tick = (week: unknown, ticked: unknown) =>
      request(`/api/blueprints/${blueprint.id}/weeks/${week}`, { method: 'PATCH', json: { ticked } });

    const some = (await (await tick(1, [0, 1, 2])).json()) as Blueprint;
    // Three of week 1's four: 18.75 of its 25.
    expect(some.progress).toBe(18);
    expect(some.ticked).toEqual([[0, 1, 2], [], [], []]);

    const all = (await (await tick(1, [...Array(weekOne).keys()])).json()) as Blueprint;
    expect(all.progress).toBe(25);

    // Unticking is saved too.
    expect(((await (await tick(1, [1])).json()) as Blueprint).progress).toBe(6);

    const beyond = await tick(1, [weekOne]);
    expect(beyond.status).toBe(400);
    expect(((await beyond.json()) as { message: string }).message).toBe(
      `Week 1 has ${weekOne} tasks, numbered 0 to ${weekOne - 1}; there is no task ${weekOne}.`,
    );
    for (const [week, ticked] of [
      [5, [0]],
      [0, [0]],
      ['two', [0]],
      [1, [-1]],
      [1, 'all'],
    ] as const) {
      expect((await tick(week, ticked)).status, `${week} ${ticked}`).toBe(400);
    }
  });

  it('completes the blueprint when every task is ticked, and marks whole weeks through the progress route', async () => {
    const request = await newCreator();
    const { body: blueprint } = await generate(request);
    const patch = (progress: unknown) =>
      request(`/api/blueprints/${blueprint.id}/progress`, { method: 'PATCH', json: { progress } });

    // Marking week 1 complete is 25, whatever its number of tasks.
    const quarter = await patch(25);
    expect(quarter.status).toBe(200);
    expect(await quarter.json()).toMatchObject({
      progress: 25,
      status: 'active',
      completedAt: null,
    });

    for (const step of blueprint.steps.slice(1)) {
      await request(`/api/blueprints/${blueprint.id}/weeks/${step.week}`, {
        method: 'PATCH',
        json: { ticked: step.tasks.map((_, index) => index) },
      });
    }
    const completed = ((await (await request('/api/blueprints')).json()) as Blueprint[])[0]!;
    expect(completed).toMatchObject({ progress: 100, status: 'completed' });
    expect(clock().getTime() - Date.parse(completed.completedAt!)).toBeLessThan(60_000);

    // Completed: it no longer moves, and a new one can be generated beside it.
    expect((await patch(50)).status).toBe(409);
    const next = await generate(request);
    expect(next.status).toBe(201);
    const list = (await (await request('/api/blueprints')).json()) as Blueprint[];
    expect(list.map((item) => item.status)).toEqual(['active', 'completed']);
  });

  it('refuses progress outside 0–100 or not a whole number, naming the rule', async () => {
    const request = await newCreator();
    const { body: blueprint } = await generate(request);
    for (const progress of [125, -1, 12.5, '50', null]) {
      const response = await request(`/api/blueprints/${blueprint.id}/progress`, {
        method: 'PATCH',
        json: { progress },
      });
      expect(response.status, String(progress)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(
        'progress must be a whole number from 0 to 100',
      );
    }
  });

  it('answers 404 for another creator’s blueprint and for ids that are not blueprints', async () => {
    const owner = await newCreator();
    const { body: blueprint } = await generate(owner);
    const stranger = await newCreator();
    const theirs = await stranger(`/api/blueprints/${blueprint.id}/progress`, {
      method: 'PATCH',
      json: { progress: 50 },
    });
    expect(theirs.status).toBe(404);
    const theirTicks = await stranger(`/api/blueprints/${blueprint.id}/weeks/1`, {
      method: 'PATCH',
      json: { ticked: [0] },
    });
    expect(theirTicks.status).toBe(404);
    expect(((await (await owner('/api/blueprints')).json()) as Blueprint[])[0]!.progress).toBe(0);
    const bad = await owner('/api/blueprints/not-an-id/progress', {
      method: 'PATCH',
      json: { progress: 50 },
    });
    expect(bad.status).toBe(400);
  });
});
