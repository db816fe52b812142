import type { PlatformShift } from '@common/shifts';
import { beforeEach, describe, expect, it } from 'vitest';
import { givePaidPlan } from '../../../tests/support/plans';
import { detectShifts } from '../shifts/service';
import { clearShiftData, daysAgo, fallingViews, NOW, seedCreator } from '../shifts/test-support';
import { auditActions, creator, operator, setUpAdminApp, t } from './test-support';

setUpAdminApp();

let guardian: string;

beforeEach(async () => {
  await clearShiftData(t.database);
});

/**
 * 24 connected YouTube creators whose views halved over the last four days (the first on The Guardian,
 * whose plan brings bulletins), and the run that finds it.
 */
async function detectYoutubeShift(): Promise<PlatformShift> {
  for (let index = 0; index < 24; index += 1) {
    const seeded = await seedCreator(t.database, { viewsOn: fallingViews(index) });
    if (index === 0) {
      guardian = seeded.userId;
      await givePaidPlan(t, seeded.userId, 'guardian');
    }
  }
  await detectShifts({ db: t.database.db }, NOW);
  const list = (await (await operator('/api/admin/shifts')).json()) as PlatformShift[];
  expect(list).toHaveLength(1);
  return list[0]!;
}

const json = (body: unknown) => ({ method: 'POST', json: body });

describe('platform shifts in the console', () => {
  it('answers 401 signed out and 404 to a creator, before reading anything', async () => {
    for (const [path, init] of [
      ['/api/admin/shifts', {}],
      ['/api/admin/shifts/00000000-0000-4000-8000-000000000000/dismiss', { method: 'POST' }],
    ] as const) {
      expect((await t.request(path, init)).status, path).toBe(401);
      expect((await creator(path, init)).status, path).toBe(404);
    }
  });

  it('lists a detected shift with aggregates only and a draft bulletin to review', async () => {
    const shift = await detectYoutubeShift();
    expect(shift).toMatchObject({
      platform: 'youtube',
      startedOn: daysAgo(4),
      cohortSize: 24,
      fellCount: 24,
      status: 'detected',
      isOpen: true,
      bulletinId: null,
      draft: {
        platform: 'youtube',
        severity: 'high',
        title: 'YouTube views fell for most creators from 22 November 2026',
      },
    });
    expect(shift.medianChange).toBeLessThan(-0.4);
    // Nothing in it names or measures one creator.
    const { rows } = await t.database.pool.query<{ id: string }>(
      "SELECT id FROM users WHERE id LIKE 'shift-%'",
    );
    const body = JSON.stringify(shift);
    for (const { id } of rows) expect(body).not.toContain(id);
  });

  it('publishes the edited draft through the bulletin call, once, to the creators on the platform', async () => {
    const shift = await detectYoutubeShift();
    const bulletin = {
      ...shift.draft,
      title: 'YouTube views fell across channels this week',
      shiftId: shift.id,
    };

    const published = await operator('/api/admin/bulletins', json(bulletin));
    expect(published.status).toBe(201);
    const { id, recipients } = (await published.json()) as { id: string; recipients: number };
    expect(recipients).toBe(1);
    const { rows: raised } = await t.database.pool.query<{ user_id: string; title: string }>(
      'SELECT user_id, title FROM alerts WHERE cause = $1',
      [`bulletin:${id}`],
    );
    expect(raised).toEqual([{ user_id: guardian, title: 'YouTube views fell across channels this week' }]);

    const [listed] = (await (await operator('/api/admin/shifts')).json()) as PlatformShift[];
    expect(listed).toMatchObject({ id: shift.id, status: 'published', bulletinId: id });
    const bulletins = (await (await operator('/api/admin/bulletins')).json()) as {
      id: string;
      title: string;
    }[];
    expect(bulletins.find((item) => item.id === id)?.title).toBe(
      'YouTube views fell across channels this week',
    );
    expect((await auditActions())[0]).toMatchObject({ action: 'bulletin.publish', targetId: id });

    // A second publish of the same shift sends nothing more.
    const again = await operator('/api/admin/bulletins', json(bulletin));
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(
      'That platform shift was already published.',
    );
    const after = (await (await operator('/api/admin/bulletins')).json()) as unknown[];
    expect(after).toHaveLength(bulletins.length);
  });

  it('refuses a shift bulletin for another platform, and an unknown or malformed shift id', async () => {
    const shift = await detectYoutubeShift();
    const wrongPlatform = await operator(
      '/api/admin/bulletins',
      json({ ...shift.draft, platform: 'tiktok', shiftId: shift.id }),
    );
    expect(wrongPlatform.status).toBe(400);
    const unknown = await operator(
      '/api/admin/bulletins',
      json({ ...shift.draft, shiftId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknown.status).toBe(404);
    const malformed = await operator('/api/admin/bulletins', json({ ...shift.draft, shiftId: 'shift-1' }));
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { message: string }).message).toContain(
      'That is not a platform shift id.',
    );
  });

  it('dismisses a detected shift, once, audited', async () => {
    const shift = await detectYoutubeShift();
    const dismissed = await operator(`/api/admin/shifts/${shift.id}/dismiss`, { method: 'POST' });
    expect(dismissed.status).toBe(200);
    expect(await dismissed.json()).toMatchObject({ id: shift.id, status: 'dismissed' });
    expect((await auditActions())[0]).toMatchObject({ action: 'shift.dismiss', targetId: shift.id });

    const again = await operator(`/api/admin/shifts/${shift.id}/dismiss`, { method: 'POST' });
    expect(again.status).toBe(409);
    const publish = await operator('/api/admin/bulletins', json({ ...shift.draft, shiftId: shift.id }));
    expect(publish.status).toBe(409);
    // The fall goes on: later runs update the dismissed shift and raise no new one.
    await detectShifts({ db: t.database.db }, NOW);
    const list = (await (await operator('/api/admin/shifts')).json()) as PlatformShift[];
    expect(list.map(({ id, status }) => ({ id, status }))).toEqual([{ id: shift.id, status: 'dismissed' }]);

    expect(
      (await operator('/api/admin/shifts/00000000-0000-4000-8000-000000000000/dismiss', { method: 'POST' }))
        .status,
    ).toBe(404);
    expect((await operator('/api/admin/shifts/not-an-id/dismiss', { method: 'POST' })).status).toBe(400);
  });
});
