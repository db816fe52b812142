import { IMPORT_MAX_CHARACTERS } from '@common/revenue-import';
import { describe, expect, it } from 'vitest';
import { gumroadSales } from '../../../tests/fixtures/exports/gumroad-sales';
import { as, signUpUser } from '../../../tests/support/users';
import { setUpReviewerApp, t } from './test-support';

/** An Excel workbook sent instead of a CSV: its first sheet is read as the CSV of it would be. */

setUpReviewerApp();

type Result = {
  format: string;
  acceptedCount: number;
  notIncomeCount: number;
  refusedCount: number;
  rows: { entry: { date: string; fees?: { gross: string; fee: string; currency: string } } | null }[];
};

const creator = async () => as(t, await signUpUser(t));

describe('an Excel workbook', () => {
  it('reads an Excel workbook as its first sheet: numbers, dates and all', async () => {
    const request = await creator();
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sales');
    const [header, ...lines] = gumroadSales().split('\n');
    sheet.addRow(header!.split(','));
    for (const line of lines) {
      // As Excel keeps them: figures as numbers, the purchase date as a date.
      sheet.addRow(
        line
          .split(',')
          .map((cell, column) =>
            column === 6 && /^\d{4}-\d\d-\d\d$/.test(cell)
              ? new Date(`${cell}T00:00:00Z`)
              : /^-?\d+\.\d+$/.test(cell)
                ? Number(cell)
                : cell,
          ),
      );
    }
    workbook.addWorksheet('Notes').addRow(['Date', 'Source', 'Amount']);
    const base64 = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    const response = await request('/api/revenue/import', {
      method: 'POST',
      json: { workbook: base64, dryRun: true },
    });
    expect(response.status).toBe(200);
    const preview = (await response.json()) as Result;
    expect(preview).toMatchObject({
      format: 'gumroad',
      acceptedCount: 20,
      notIncomeCount: 2,
      refusedCount: 0,
    });
    expect(preview.rows[0]!.entry).toMatchObject({
      date: '2026-11-20',
      fees: { gross: '13.87', fee: '1.89', currency: 'USD' },
    });
  });

  it('refuses a damaged workbook, one that unpacks too large, a workbook sent as text and two files at once, saying what to do', async () => {
    const request = await creator();
    const post = async (json: Record<string, unknown>) => {
      const response = await request('/api/revenue/import', {
        method: 'POST',
        json: { dryRun: true, ...json },
      });
      return { status: response.status, message: ((await response.json()) as { message: string }).message };
    };
    const damaged = await post({ workbook: Buffer.from('PK\u0003\u0004 not a workbook').toString('base64') });
    expect(damaged).toEqual({
      status: 400,
      message: expect.stringMatching(/^The Excel file could not be read/),
    });
    const asText = await post({ csv: 'PK\u0003\u0004\u0014\u0000\u0006\u0000[Content_Types].xml' });
    expect(asText).toEqual({
      status: 400,
      message: expect.stringMatching(/^This is a spreadsheet file .*export it as CSV/),
    });
    // A real workbook with 70 MB of zeros packed beside its sheet: a few hundred kB sent, refused unopened.
    const { default: ExcelJS } = await import('exceljs');
    const { default: JSZip } = await import('jszip');
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Sales').addRow(['Date', 'Source', 'Amount']);
    const zip = await JSZip.loadAsync(await workbook.xlsx.writeBuffer());
    zip.file('xl/media/image1.png', Buffer.alloc(70 * 1024 * 1024));
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(bomb.length).toBeLessThan(IMPORT_MAX_CHARACTERS / 4);
    expect(await post({ workbook: bomb.toString('base64') })).toEqual({
      status: 400,
      message:
        'The Excel file is too large once opened (over 64 MB): export its first sheet as CSV and import that instead.',
    });
    const both = await post({ csv: 'Date,Source,Amount', workbook: 'UEsDBA==' });
    expect(both.status).toBe(400);
    expect(both.message).toContain('Send the CSV file as text in "csv", or an Excel workbook as base64');
  });
});
