import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app';
import { as, signUpUser } from '../../tests/support/users';
import { findPendingFigureChanges, takeFigureChanges } from './figure-changes';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const notesOf = async (userId: string) =>
  (
    await t.database.pool.query<{ is_own: boolean }>(
      'SELECT is_own FROM figure_changes WHERE user_id = $1 ORDER BY id',
      [userId],
    )
  ).rows.map((row) => row.is_own);

describe('notes of changed figures', () => {
  it('are written by every change a creator makes to her revenue, in its transaction', async () => {
    const user = await signUpUser(t);
    const request = as(t, user);
    expect(await findPendingFigureChanges(t.database.db, user.id)).toBeNull();
    const created = await request('/api/revenue', {
      method: 'POST',
      json: { source: 'courses', amount: '120.00', date: '2026-10-03' },
    });
    const { id } = (await created.json()) as { id: string };
    await request(`/api/revenue/${id}`, { method: 'PATCH', json: { amount: '130.00' } });
    await request('/api/revenue/import', {
      method: 'POST',
      json: { csv: 'Date,Source,Amount\n2026-10-04,Courses,£20', dryRun: false },
    });
    await request(`/api/revenue/${id}`, { method: 'DELETE' });
    expect(await notesOf(user.id)).toEqual([true, true, true, true]);
    expect(await findPendingFigureChanges(t.database.db, user.id)).toEqual({ isOwn: true });

    // A refused write notes nothing: the note goes with the transaction it is in.
    const refused = await request('/api/revenue', {
      method: 'POST',
      json: { source: 'courses', amount: '-5', date: '2026-10-03' },
    });
    expect(refused.status).toBe(400);
    expect(await notesOf(user.id)).toHaveLength(4);
  });

  it('are taken once, per creator, oldest first', async () => {
    const [first, second] = [await signUpUser(t), await signUpUser(t)];
    for (const user of [first, second, first]) {
      await as(t, user)('/api/revenue', {
        method: 'POST',
        json: { source: 'tips', amount: '5.00', date: '2026-10-03' },
      });
    }
    const taken = await t.database.db.transaction((tx) => takeFigureChanges(tx, 10_000));
    const mine = taken.filter((change) => [first.id, second.id].includes(change.userId));
    expect(
      mine.map(({ userId, count, isOwn }) => ({ userId, count, isOwn })).sort((a, b) => b.count - a.count),
    ).toEqual([
      { userId: first.id, count: 2, isOwn: true },
      { userId: second.id, count: 1, isOwn: true },
    ]);
    expect(await t.database.db.transaction((tx) => takeFigureChanges(tx, 10_000))).toEqual([]);
  });
});
