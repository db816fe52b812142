import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
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

export async function readRatesSnapshot(file = SNAPSHOT_FILE): Promise<RateDay[]> {
  const parsed = parseEcbCsv(gunzipSync(await readFile(file)).toString('utf8'));
  if ('problem' in parsed) throw new Error(`The exchange-rate snapshot cannot be read: ${parsed.problem}`);
  return parsed.days;
}

/**
 * Stores the snapshot's days the database lacks (none after the first start: its first and last days
 * are looked up first). Rates already stored stay as they were. Answers the rates added.
 */
export async function loadRatesSnapshot(db: DbOrTx, file = SNAPSHOT_FILE): Promise<number> {
  const days = await readRatesSnapshot(file);
  const [first, last] = [days[0]!.day, days.at(-1)!.day];
  if ((await hasPoundRateOn(db, first)) && (await hasPoundRateOn(db, last))) return 0;
  return storeRateHistory(db, days);
}
