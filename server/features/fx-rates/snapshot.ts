import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { DbOrTx } from '../../db/client';
import { PROJECT_ROOT } from '../../paths';
import { parseEcbCsv } from './ecb-csv';
import type { RateDay } from './ecb-xml';
import { hasPoundRateOn, storeRateHistory } from './rates-store';

/**
 * The ECB's reference rates from 4 January 1999, shipped with the app (made by
 * scripts/build-fx-snapshot.ts from the ECB's history file; its last day is in docs/operations.md), so a
 * new install values an entry of any date at once, without reaching the ECB.
 */
export const SNAPSHOT_FILE = path.join(PROJECT_ROOT, 'server/features/fx-rates/ecb-reference-rates.csv.gz');

/**
 * The snapshot's first and last days, as scripts/build-fx-snapshot.ts prints them: a start whose
 * database has both reads nothing (snapshot.test.ts holds them to the file).
 */
export const SNAPSHOT_DAYS = { first: '1999-01-04', last: '2026-04-13' };

export async function readRatesSnapshot(file = SNAPSHOT_FILE): Promise<RateDay[]> {
  const parsed = parseEcbCsv((await promisify(gunzip)(await readFile(file))).toString('utf8'));
  if ('problem' in parsed) throw new Error(`The exchange-rate snapshot cannot be read: ${parsed.problem}`);
  return parsed.days;
}

/**
 * Stores the snapshot's days the database lacks. After the first start there are none: its first and
 * last days are looked up, and the file is not even read. Rates already stored stay as they were.
 * Answers the rates added.
 */
export async function loadRatesSnapshot(db: DbOrTx): Promise<number> {
  if ((await hasPoundRateOn(db, SNAPSHOT_DAYS.first)) && (await hasPoundRateOn(db, SNAPSHOT_DAYS.last))) {
    return 0;
  }
  return storeRateHistory(db, await readRatesSnapshot());
}
