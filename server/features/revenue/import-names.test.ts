import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { as, signUpUser } from '../../../tests/support/users';

/** CSV files in a creator's own words: names asked once and remembered, repeats flagged. */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ deps: { now: () => new Date('2025-12-10T12:00:00Z') } });
});

afterAll(async () => {
  await t?.close();
});

type Caller = Awaited<ReturnType<typeof as>>;
type Row = { line: number; isAccepted: boolean; isRepeatInFile: boolean; repeatOfLine: number | null };
type Name = {
  name: string;
  rowCount: number;
  source: string | null;
  resolution: string;
  suggestion: string | null;
};

const newCreator = async () => as(t, await signUpUser(t));

async function send(request: Caller, json: Record<string, unknown>) {
  const response = await request('/api/revenue/import', { method: 'POST', json });
  return { status: response.status, body: await response.json() };
}

// A UK cooking creator's own spreadsheet, as she keeps it (UK dates, pound signs, her names).
const mayasYear = [
  'Date,Source,Amount,Notes',
  '31/01/2025,YouTube AdSense,"£1,204.33",January payout',
  '01/02/2025,Patreon,£412.50,',
  '14/02/2025,Sponsorship,"£1,800.00",Le Creuset reel',
  '28/02/2025,YouTube AdSense,£998.10,February payout',
  '03/03/2025,Course,£297.00,Sourdough basics',
  '09/03/2025,Ko-fi tips,£23.00,',
  '12/03/2025,sponsorship,£650.00,Oatly YouTube integration',
].join('\n');

describe('names in the creator’s words', () => {
  it('recognises common names, asks once about the rest, and remembers the answer', async () => {
    const maya = await newCreator();
    const first = await send(maya, { csv: mayasYear, dryRun: true });
    expect(first.status).toBe(200);
    const names = first.body.names as Name[];
    expect(names.map((name) => [name.name, name.source, name.resolution])).toEqual([
      ['YouTube AdSense', 'youtube_ads', 'recognised'],
      ['Patreon', 'memberships', 'recognised'],
      ['Sponsorship', null, 'unknown'],
      ['Course', 'courses', 'recognised'],
      ['Ko-fi tips', 'tips', 'recognised'],
    ]);
    // "Sponsorship" and "sponsorship" are one name, asked once, with brand deals to start from.
    expect(names[2]).toMatchObject({ rowCount: 2, suggestion: 'brand_deals' });
    expect(first.body).toMatchObject({ acceptedCount: 5, refusedCount: 2, format: 'ballast' });

    // Unanswered, the rows the name holds back are left out; the rest go in.
    const unanswered = await send(maya, { csv: mayasYear });
    expect(unanswered.body).toMatchObject({ importedCount: 5, refusedCount: 2 });

    // Answered, the same file adds those two and nothing twice.
    const answered = await send(maya, { csv: mayasYear, sourceNames: { Sponsorship: 'brand_deals' } });
    expect(answered.body).toMatchObject({ importedCount: 2, skippedCount: 5 });

    // Next month's file: the name is remembered, whatever its capitals.
    const december = 'Date,Source,Amount\n05/12/2025,SPONSORSHIP,£900\n06/12/2025,Ko-fi tips,£5';
    const second = await send(maya, { csv: december, dryRun: true });
    expect((second.body.names as Name[])[0]).toMatchObject({
      source: 'brand_deals',
      resolution: 'remembered',
    });
    expect(second.body.refusedCount).toBe(0);

    // Another creator's names are their own.
    const other = await newCreator();
    const theirs = await send(other, { csv: december, dryRun: true });
    expect((theirs.body.names as Name[])[0]).toMatchObject({ source: null, resolution: 'unknown' });
  });

  it('lets the creator change a remembered answer, and refuses an answer that is not a source', async () => {
    const creator = await newCreator();
    const csv = 'date,source,amount\n2025-06-01,Brand work,300';
    await send(creator, { csv, sourceNames: { 'Brand work': 'brand_deals' } });
    const changed = await send(creator, {
      csv: 'date,source,amount\n2025-07-01,brand work,300',
      sourceNames: { 'brand work': 'youtube_sponsors' },
    });
    expect(changed.body).toMatchObject({ importedCount: 1 });
    const next = await send(creator, { csv: 'date,source,amount\n2025-08-01,Brand Work,300', dryRun: true });
    expect((next.body.names as Name[])[0]).toMatchObject({
      source: 'youtube_sponsors',
      resolution: 'remembered',
    });

    const bad = await send(creator, { csv, dryRun: true, sourceNames: { 'Brand work': 'vibes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Choose a source from: youtube_ads/);
  });
});

describe('rows repeated inside one file', () => {
  const csv = [
    'date,source,amount,description',
    '2025-04-01,affiliate_marketing,5.00,Amazon link',
    '2025-04-02,courses,97,Knife skills',
    '2025-04-01,Affiliate Marketing,5,Amazon link',
    '2025-04-01,affiliate_marketing,5.00,Amazon link',
  ].join('\n');

  it('flags each repeat with the line it repeats, and imports it once', async () => {
    const creator = await newCreator();
    const preview = await send(creator, { csv, dryRun: true });
    expect(
      (preview.body.rows as Row[]).map((row) => [row.line, row.isRepeatInFile, row.repeatOfLine]),
    ).toEqual([
      [2, false, null],
      [3, false, null],
      [4, true, 2],
      [5, true, 2],
    ]);
    expect(preview.body).toMatchObject({ acceptedCount: 4, repeatCount: 2, acceptedAmount: '102.00' });
    const saved = await send(creator, { csv });
    expect(saved.body).toMatchObject({ importedCount: 2 });
    expect((await (await creator('/api/revenue/summary')).json()).totalAmount).toBe('102.00');
  });
});
