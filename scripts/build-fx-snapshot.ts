// Rebuilds the exchange-rate snapshot the app ships (server/features/fx-rates/ecb-reference-rates.csv.gz)
// from the European Central Bank's history file, eurofxref-hist.csv (inside the ECB's eurofxref-hist.zip):
//
//   node --import tsx scripts/build-fx-snapshot.ts path/to/eurofxref-hist.csv
//
// The snapshot keeps every published rate as written, drops the "N/A" cells and the currencies that never
// had a rate, and lists days oldest first (docs/decisions/058-exchange-rates-since-1999.md).
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { parseEcbCsv, writeSnapshotCsv } from '../server/features/fx-rates/ecb-csv';
import { SNAPSHOT_FILE } from '../server/features/fx-rates/snapshot';

const source = process.argv[2];
if (!source) {
  console.error(
    'Give the ECB history file: node --import tsx scripts/build-fx-snapshot.ts eurofxref-hist.csv',
  );
  process.exit(2);
}
const text = readFileSync(source, 'utf8');
const parsed = parseEcbCsv(text);
if ('problem' in parsed) {
  console.error(`Not the ECB's history file: ${parsed.problem}`);
  process.exit(1);
}
const order = (text.split(/\r?\n/, 1)[0] ?? '')
  .split(',')
  .slice(1)
  .map((cell) => cell.trim());
writeFileSync(SNAPSHOT_FILE, gzipSync(writeSnapshotCsv(parsed.days, order), { level: 9 }));
const first = parsed.days[0]!.day;
const last = parsed.days.at(-1)!.day;
console.log(`${parsed.days.length} days of rates, ${first} to ${last}, written to ${SNAPSHOT_FILE}`);
console.log(
  `Set SNAPSHOT_DAYS in server/features/fx-rates/snapshot.ts to { first: '${first}', last: '${last}' }.`,
);
