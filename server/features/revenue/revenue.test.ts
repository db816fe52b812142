import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { as, signUpUser } from '../../../tests/support/users';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
});

afterAll(async () => {
  await t?.close();
});

const entry = { source: 'youtube_ads', amount: '120.50', description: 'March AdSense', date: '2025-03-14' };

async function newCreator() {
  return as(t, await signUpUser(t));
}

describe('adding and listing revenue', () => {
  it('saves an entry and answers it with the amount as an exact decimal string', async () => {
    const request = await newCreator();
    const response = await request('/api/revenue', { method: 'POST', json: entry });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      id: expect.any(String),
      ...entry,
      payer: null,
      origin: 'typed',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('lists entries newest first, by date and then by when they were entered', async () => {
    const request = await newCreator();
    for (const [date, amount] of [
      ['2025-01-05', '1'],
      ['2025-03-01', '2'],
      ['2025-02-10', '3'],
      ['2025-03-01', '4'],
    ]) {
      await request('/api/revenue', { method: 'POST', json: { source: 'courses', amount, date } });
    }
    const list = (await (await request('/api/revenue')).json()) as { date: string; amount: string }[];
    expect(list.map((row) => [row.date, row.amount])).toEqual([
      ['2025-03-01', '4.00'],
      ['2025-03-01', '2.00'],
      ['2025-02-10', '3.00'],
      ['2025-01-05', '1.00'],
    ]);
    const page = (await (await request('/api/revenue?limit=2&offset=1')).json()) as { amount: string }[];
    expect(page.map((row) => row.amount)).toEqual(['2.00', '3.00']);
  });

  it('keeps a missing description as null and trims a given one', async () => {
    const request = await newCreator();
    const bare = await request('/api/revenue', {
      method: 'POST',
      json: { source: 'other', amount: 5, date: '2025-01-01' },
    });
    expect(await bare.json()).toMatchObject({ amount: '5.00', description: null });
    const padded = await request('/api/revenue', {
      method: 'POST',
      json: { ...entry, description: '  Sponsored reel  ' },
    });
    expect((await padded.json()).description).toBe('Sponsored reel');
  });

  it.each([
    ['a negative amount', { amount: '-5' }, /amount: The amount cannot be negative/],
    ['a non-numeric amount', { amount: 'twelve' }, /amount: Enter the amount in pounds/],
    ['1e400 as text', { amount: '1e400' }, /amount: Enter the amount in pounds/],
    ['fractions of a penny', { amount: '1.005' }, /amount: Use at most two decimal places/],
    [
      'an amount over £10,000,000',
      { amount: '10000000.01' },
      /amount: The amount can be at most £10,000,000/,
    ],
    ['a missing amount', { amount: undefined }, /amount:/],
    ['a date not on the calendar', { date: '2025-02-30' }, /date: Enter a real calendar date/],
    ['a date in another format', { date: '14/03/2025' }, /date: Enter a real calendar date/],
    ['a date in year 0', { date: '0000-01-01' }, /date: Enter a date between 1900 and 2100/],
    ['an unknown source', { source: 'onlyfans' }, /source: Choose a source from: youtube_ads/],
    ['a source shown with spaces', { source: 'youtube ads' }, /source: Choose a source/],
    [
      'a description over 500 characters',
      { description: 'x'.repeat(501) },
      /description: Keep the description/,
    ],
  ])('refuses %s with 400 and a message, saving nothing', async (_what, change, message) => {
    const request = await newCreator();
    const response = await request('/api/revenue', { method: 'POST', json: { ...entry, ...change } });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(message);
    expect(await (await request('/api/revenue')).json()).toEqual([]);
  });

  it('refuses 1e400 sent as a JSON number', async () => {
    const request = await newCreator();
    const response = await request('/api/revenue', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"source":"courses","amount":1e400,"date":"2025-01-01"}',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/^amount: /);
  });

  it('refuses a bad page size', async () => {
    const request = await newCreator();
    const response = await request('/api/revenue?limit=100000');
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/limit can be at most 500/);
  });

  it('answers 401 when signed out', async () => {
    expect((await t.request('/api/revenue')).status).toBe(401);
    expect((await t.request('/api/revenue', { method: 'POST', json: entry })).status).toBe(401);
  });
});

describe('correcting and removing an entry', () => {
  it('changes only the fields sent', async () => {
    const request = await newCreator();
    const { id } = await (await request('/api/revenue', { method: 'POST', json: entry })).json();
    const response = await request(`/api/revenue/${id}`, { method: 'PATCH', json: { amount: '99.99' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ...entry, id, amount: '99.99' });
    const cleared = await request(`/api/revenue/${id}`, { method: 'PATCH', json: { description: null } });
    expect((await cleared.json()).description).toBeNull();
  });

  it('validates a correction like a new entry, and refuses an empty one', async () => {
    const request = await newCreator();
    const { id } = await (await request('/api/revenue', { method: 'POST', json: entry })).json();
    const negative = await request(`/api/revenue/${id}`, { method: 'PATCH', json: { amount: '-1' } });
    expect(negative.status).toBe(400);
    const empty = await request(`/api/revenue/${id}`, { method: 'PATCH', json: {} });
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toMatch(/Nothing to change/);
  });

  it('deletes an entry', async () => {
    const request = await newCreator();
    const { id } = await (await request('/api/revenue', { method: 'POST', json: entry })).json();
    expect((await request(`/api/revenue/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await (await request('/api/revenue')).json()).toEqual([]);
    expect((await request(`/api/revenue/${id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it("answers 404 for another creator's entry and leaves it untouched", async () => {
    const owner = await newCreator();
    const stranger = await newCreator();
    const { id } = await (await owner('/api/revenue', { method: 'POST', json: entry })).json();

    const get = await stranger(`/api/revenue/${id}`);
    expect(get.status).toBe(404);
    expect(await get.json()).toEqual({ error: 'NOT_FOUND', message: 'That revenue entry was not found.' });
    const patch = await stranger(`/api/revenue/${id}`, { method: 'PATCH', json: { amount: '1' } });
    expect(patch.status).toBe(404);
    expect(await patch.json()).toEqual({ error: 'NOT_FOUND', message: 'That revenue entry was not found.' });
    expect((await stranger(`/api/revenue/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect(await (await stranger('/api/revenue')).json()).toEqual([]);
    expect((await (await stranger('/api/revenue/summary')).json()).entryCount).toBe(0);

    expect(await (await owner(`/api/revenue/${id}`)).json()).toMatchObject({ id, amount: '120.50' });
  });

  it('answers 400 for an id that cannot be an entry', async () => {
    const request = await newCreator();
    const response = await request('/api/revenue/not-a-uuid', { method: 'DELETE' });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/not a revenue entry id/);
  });
});

describe('what a creator cannot have received', () => {
  it('refuses £0 and future dates when adding or correcting an entry, naming the field', async () => {
    const request = await newCreator();
    const zero = await request('/api/revenue', { method: 'POST', json: { ...entry, amount: '0.00' } });
    expect(zero.status).toBe(400);
    expect((await zero.json()).fields).toEqual({ amount: 'The amount must be more than £0.' });

    const future = await request('/api/revenue', { method: 'POST', json: { ...entry, date: '2099-01-01' } });
    expect(future.status).toBe(400);
    expect((await future.json()).fields.date).toMatch(/^The date cannot be in the future/);

    const saved = (await (await request('/api/revenue', { method: 'POST', json: entry })).json()) as {
      id: string;
    };
    for (const change of [{ amount: 0 }, { date: '2099-01-01' }]) {
      const response = await request(`/api/revenue/${saved.id}`, { method: 'PATCH', json: change });
      expect(response.status, JSON.stringify(change)).toBe(400);
    }
    expect((await (await request('/api/revenue/summary')).json()).entryCount).toBe(1);
  });
});
