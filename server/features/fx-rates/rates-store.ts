import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { fxRates } from '../../db/schema/fx-rates';
import type { RateDay } from './ecb-xml';

/** Stores the days not yet kept; a day already stored stays as it was. Answers the days added. */
export async function storeRateDays(db: DbOrTx, days: RateDay[]): Promise<string[]> {
  if (days.length === 0) return [];
  const { rows } = await db.execute<{ day: string }>(sql`
    SELECT DISTINCT day::text AS day FROM ${fxRates}
    WHERE day = ANY(${sql.param(days.map((day) => day.day))}::date[])`);
  const known = new Set(rows.map((row) => row.day));
  const fresh = days.filter((day) => !known.has(day.day));
  const values = fresh.flatMap(({ day, rates }) =>
    [...rates].map(([currency, ratePerEuro]) => ({ currency, day, ratePerEuro })),
  );
  // Three parameters a row: chunks of 5,000 stay under PostgreSQL's 65,535.
  for (let start = 0; start < values.length; start += 5000) {
    await db
      .insert(fxRates)
      .values(values.slice(start, start + 5000))
      .onConflictDoNothing();
  }
  return fresh.map((day) => day.day);
}

/**
 * Stores a long history at once (the shipped snapshot: some 200,000 rates), as arrays unnested by
 * PostgreSQL rather than row parameters. A rate already stored stays as it was. Answers the rates added.
 */
export async function storeRateHistory(db: DbOrTx, days: RateDay[]): Promise<number> {
  const currencies: string[] = [];
  const dates: string[] = [];
  const rates: string[] = [];
  for (const { day, rates: dayRates } of days) {
    for (const [currency, rate] of dayRates) {
      currencies.push(currency);
      dates.push(day);
      rates.push(rate);
    }
  }
  let added = 0;
  for (let start = 0; start < rates.length; start += 50_000) {
    const end = start + 50_000;
    const result = await db.execute(sql`
      INSERT INTO ${fxRates} (currency, day, rate_per_euro)
      SELECT * FROM unnest(${sql.param(currencies.slice(start, end))}::text[],
                           ${sql.param(dates.slice(start, end))}::date[],
                           ${sql.param(rates.slice(start, end))}::numeric[])
      ON CONFLICT DO NOTHING`);
    added += result.rowCount ?? 0;
  }
  return added;
}

/** Whether the pound's rate of that day is stored. */
export async function hasPoundRateOn(db: DbOrTx, day: string): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM ${fxRates} WHERE currency = 'GBP' AND day = ${day}) AS found`,
  );
  return rows[0]?.found === true;
}

/** The newest day with rates, or null before the first fetch. */
export async function latestRateDay(db: DbOrTx): Promise<string | null> {
  const { rows } = await db.execute<{ day: string | null }>(
    sql`SELECT max(day)::text AS day FROM ${fxRates} WHERE currency = 'GBP'`,
  );
  return rows[0]?.day ?? null;
}

/** Every currency the ECB has published a rate for (the euro aside), in alphabetical order. */
export async function knownRateCurrencies(db: DbOrTx): Promise<string[]> {
  const { rows } = await db.execute<{ currency: string }>(
    sql`SELECT DISTINCT currency FROM ${fxRates} ORDER BY currency`,
  );
  return rows.map((row) => row.currency);
}

export type DayRates = { day: string; pound: string; currency: string };

/**
 * For each (currency, date): the pound's and the currency's rates of the last day on or before the
 * date that has both (the euro's rate is 1), or, for a date before the first stored day, of the first
 * day after it; null when no day has both.
 */
export async function findDayRates(
  db: DbOrTx,
  wanted: { currency: string; date: string }[],
): Promise<(DayRates | null)[]> {
  if (wanted.length === 0) return [];
  const { rows } = await db.execute<{ i: number; day: string | null; pound: string; currency: string }>(sql`
    SELECT q.i, coalesce(b.day, a.day)::text AS day, coalesce(b.pound, a.pound)::text AS pound,
           coalesce(b.rate, a.rate)::text AS currency
    FROM jsonb_to_recordset(${JSON.stringify(wanted.map((row, i) => ({ i, ...row })))}::jsonb)
      AS q(i int, currency text, date date)
    LEFT JOIN LATERAL (
      SELECT g.day, g.rate_per_euro AS pound, coalesce(c.rate_per_euro, 1) AS rate
      FROM fx_rates g LEFT JOIN fx_rates c ON c.currency = q.currency AND c.day = g.day
      WHERE g.currency = 'GBP' AND g.day <= q.date AND (q.currency = 'EUR' OR c.currency IS NOT NULL)
      ORDER BY g.day DESC LIMIT 1
    ) b ON true
    LEFT JOIN LATERAL (
      SELECT g.day, g.rate_per_euro AS pound, coalesce(c.rate_per_euro, 1) AS rate
      FROM fx_rates g LEFT JOIN fx_rates c ON c.currency = q.currency AND c.day = g.day
      WHERE b.day IS NULL AND g.currency = 'GBP' AND g.day > q.date
        AND (q.currency = 'EUR' OR c.currency IS NOT NULL)
      ORDER BY g.day ASC LIMIT 1
    ) a ON true
    ORDER BY q.i`);
  return rows.map((row) => (row.day ? { day: row.day, pound: row.pound, currency: row.currency } : null));
}
