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

async function newCreator() {
  return as(t, await signUpUser(t));
}

const goodCsv = [
  'date,source,amount,description',
  '2025-01-31,youtube_ads,120.50,January AdSense',
  '01/02/2025,YouTube Ads,"£1,200.00","Sponsor, with a comma"',
  '2025-02-14,coaching,0.1,',
  '',
].join('\n');

describe('CSV import', () => {
  it('previews every row without saving anything', async () => {
    const request = await newCreator();
    const response = await request('/api/revenue/import', {
      method: 'POST',
      json: { csv: goodCsv, dryRun: true },
    });
    expect(response.status).toBe(200);
    const preview = await response.json();
    expect(preview).toMatchObject({
      dryRun: true,
      acceptedCount: 3,
      refusedCount: 0,
      importedCount: 0,
      acceptedAmount: '1320.60',
    });
    expect(preview.rows[1]).toEqual({
      line: 3,
      values: {
        date: '01/02/2025',
        source: 'YouTube Ads',
        amount: '£1,200.00',
        description: 'Sponsor, with a comma',
      },
      isAccepted: true,
      isAlreadyRecorded: false,
      isRepeatInFile: false,
      repeatOfLine: null,
      notIncome: null,
      roundedFrom: null,
      entry: {
        date: '2025-02-01',
        source: 'youtube_ads',
        amount: '1200.00',
        description: 'Sponsor, with a comma',
      },
      problems: [],
    });
    expect(await (await request('/api/revenue')).json()).toEqual([]);
  });

  it('imports every row of a clean file', async () => {
    const request = await newCreator();
    const response = await request('/api/revenue/import', { method: 'POST', json: { csv: goodCsv } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ dryRun: false, importedCount: 3 });
    const list = (await (await request('/api/revenue')).json()) as { date: string; amount: string }[];
    expect(list.map((row) => [row.date, row.amount])).toEqual([
      ['2025-02-14', '0.10'],
      ['2025-02-01', '1200.00'],
      ['2025-01-31', '120.50'],
    ]);
    expect((await (await request('/api/revenue/summary')).json()).totalAmount).toBe('1320.60');
  });

  const badCsv = [
    'Source,Amount,Date,Notes,Description',
    'courses,10,2025-03-01,ignored,fine',
    'crypto,10,2025-03-02,,unknown source',
    'courses,-4,2025-03-03,,negative',
    'courses,1e400,2025-02-30,,two problems',
    'courses,,2025-03-04,,missing amount',
  ].join('\r\n');

  it('says why each refused row was refused', async () => {
    const request = await newCreator();
    const preview = await (
      await request('/api/revenue/import', { method: 'POST', json: { csv: badCsv, dryRun: true } })
    ).json();
    expect(preview).toMatchObject({ acceptedCount: 1, refusedCount: 4, acceptedAmount: '10.00' });
    expect(preview.rows.map((row: { line: number; problems: string[] }) => [row.line, row.problems])).toEqual(
      [
        [2, []],
        [3, ['source: "crypto" is new to us: choose which source it is.']],
        [4, ['amount: The amount cannot be negative.']],
        [
          5,
          [
            expect.stringMatching(/^date: Enter a real calendar date/),
            expect.stringMatching(/^amount: Enter/),
          ],
        ],
        [6, ['amount: missing.']],
      ],
    );
  });

  it('imports the rows that are fine and leaves the refused ones out, counted', async () => {
    const request = await newCreator();
    const response = await request('/api/revenue/import', { method: 'POST', json: { csv: badCsv } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ importedCount: 1, refusedCount: 4 });
    expect(await (await request('/api/revenue')).json()).toHaveLength(1);
  });

  it('refuses a file whose every row is refused, saving none of it', async () => {
    const request = await newCreator();
    const csv = 'date,source,amount\n2025-01-01,mystery,10\n31/02/2025,courses,5\n';
    const response = await request('/api/revenue/import', { method: 'POST', json: { csv } });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.message).toMatch(/^Nothing was imported: every row has problems \(line 2: source:/);
    expect(Object.keys(body.fields)).toEqual(['line 2', 'line 3']);
    expect(await (await request('/api/revenue')).json()).toEqual([]);
  });

  it('refuses a file without the required columns, an empty file and an unclosed quote', async () => {
    const request = await newCreator();
    const post = (csv: string) =>
      request('/api/revenue/import', { method: 'POST', json: { csv, dryRun: true } });
    const noAmount = await post('date,source\n2025-01-01,courses');
    expect(noAmount.status).toBe(400);
    expect((await noAmount.json()).message).toMatch(/which columns hold the amount\./);
    expect((await (await post('')).json()).message).toBe('The file is empty.');
    expect((await (await post('date,source,amount\n')).json()).message).toMatch(/no entries/);
    expect((await (await post('date,source,amount\n"2025-01-01,courses,5')).json()).message).toMatch(
      /never closed/,
    );
  });

  it('takes 5,000 rows in one go and refuses 5,001', async () => {
    const request = await newCreator();
    const rows = (count: number) =>
      [
        'date,source,amount',
        ...Array.from(
          { length: count },
          (_, i) => `2025-01-${String((i % 28) + 1).padStart(2, '0')},merchandise,1.01`,
        ),
      ].join('\n');
    const tooMany = await request('/api/revenue/import', { method: 'POST', json: { csv: rows(5001) } });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).message).toMatch(/5,001 entries; import at most 5,000/);

    // 5,000 payments over 28 days repeat each other: the creator says they are all real.
    const response = await request('/api/revenue/import', {
      method: 'POST',
      json: { csv: rows(5000), includeRepeats: true },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ importedCount: 5000, acceptedAmount: '5050.00' });
    const summary = await (await request('/api/revenue/summary')).json();
    expect(summary).toMatchObject({ entryCount: 5000, totalAmount: '5050.00' });
  });

  it("imports into the signed-in creator's account only", async () => {
    const importer = await newCreator();
    const other = await newCreator();
    await importer('/api/revenue/import', { method: 'POST', json: { csv: goodCsv } });
    expect(await (await other('/api/revenue')).json()).toEqual([]);
  });

  it('skips rows already recorded, so importing the same file twice adds nothing', async () => {
    const request = await newCreator();
    const first = await request('/api/revenue/import', { method: 'POST', json: { csv: goodCsv } });
    expect(await first.json()).toMatchObject({ importedCount: 3, skippedCount: 0 });

    const preview = await (
      await request('/api/revenue/import', { method: 'POST', json: { csv: goodCsv, dryRun: true } })
    ).json();
    expect(preview).toMatchObject({ acceptedCount: 3, skippedCount: 3, acceptedAmount: '0.00' });
    expect(preview.rows.map((row: { isAlreadyRecorded: boolean }) => row.isAlreadyRecorded)).toEqual([
      true,
      true,
      true,
    ]);

    const again = await request('/api/revenue/import', { method: 'POST', json: { csv: goodCsv } });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ importedCount: 0, skippedCount: 3 });
    expect((await (await request('/api/revenue/summary')).json()).totalAmount).toBe('1320.60');

    // A longer export that repeats the old rows: only the new one is added.
    const longer = `${goodCsv}2025-03-01,courses,49.00,March cohort\n`;
    const more = await request('/api/revenue/import', { method: 'POST', json: { csv: longer } });
    expect(await more.json()).toMatchObject({ importedCount: 1, skippedCount: 3 });
    expect((await (await request('/api/revenue/summary')).json()).totalAmount).toBe('1369.60');
  });

  it('keeps two identical payments in one file when asked, and skips both when the file comes again', async () => {
    const request = await newCreator();
    const twice =
      'date,source,amount,description\n2025-04-01,affiliate_marketing,5,Link\n2025-04-01,affiliate_marketing,5,Link\n';
    const json = { csv: twice, includeRepeats: true };
    expect(await (await request('/api/revenue/import', { method: 'POST', json })).json()).toMatchObject({
      importedCount: 2,
      repeatCount: 1,
    });
    expect(await (await request('/api/revenue/import', { method: 'POST', json })).json()).toMatchObject({
      importedCount: 0,
      skippedCount: 2,
    });
  });

  it('imports a file once when it is sent twice at the same moment', async () => {
    const request = await newCreator();
    const send = () => request('/api/revenue/import', { method: 'POST', json: { csv: goodCsv } });
    const answers = await Promise.all([send(), send()]);
    const counts = await Promise.all(answers.map(async (answer) => (await answer.json()).importedCount));
    expect(counts.sort()).toEqual([0, 3]);
    expect((await (await request('/api/revenue/summary')).json()).entryCount).toBe(3);
  });

  it('leaves £0 rows out, counted, and refuses rows dated in the future', async () => {
    const request = await newCreator();
    const csv = 'date,source,amount\n2025-01-01,courses,0\n2099-01-01,courses,10\n';
    const preview = await (
      await request('/api/revenue/import', { method: 'POST', json: { csv, dryRun: true } })
    ).json();
    expect(preview).toMatchObject({ notIncomeCount: 1, refusedCount: 1 });
    expect(preview.rows.map((row: { problems: string[] }) => row.problems)).toEqual([
      [],
      [expect.stringMatching(/^date: The date cannot be in the future/)],
    ]);
    expect(preview.rows[0].notIncome).toMatch(/^Nothing was paid on this line/);
  });
});
