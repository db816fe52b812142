import type { FigurePeriod, Screenshot, ScreenshotMetric } from '@common/screenshots';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { screenshots } from '../../db/schema/screenshots';
import { layoutById } from './layouts';

export type ScreenshotRow = typeof screenshots.$inferSelect;
export type NewScreenshot = Omit<typeof screenshots.$inferInsert, 'id' | 'userId'> & { id: string };

export function toScreenshot(row: ScreenshotRow): Screenshot {
  return {
    id: row.id,
    platform: row.platform,
    fileName: row.fileName,
    status: row.status,
    error: row.error,
    // Figures kept before checking existed were all counted: they need no check.
    metrics: row.metrics.map((metric) => ({
      ...metric,
      needsCheck: metric.needsCheck === true,
      // Figures kept before doubts had reasons were doubted for their confidence, if at all.
      doubt: metric.needsCheck === true ? (metric.doubt ?? 'unsure') : null,
      // Figures read before they knew what they measure were taken as the account's totals.
      kind: metric.kind ?? 'total',
      scope: metric.scope ?? 'account',
      // Figures read before the reader read changes state none.
      statedChange: metric.statedChange ?? null,
    })),
    seenLines: row.seenLines,
    period: row.period,
    isPeriodGiven: row.isPeriodGiven,
    readPeriod: row.readPeriod,
    layout: layoutOf(row.layout),
    createdAt: row.createdAt.toISOString(),
    analysedAt: row.analysedAt?.toISOString() ?? null,
  };
}

const layoutOf = (id: string | null) => {
  const layout = layoutById(id);
  return layout && { id: layout.id, name: layout.name };
};

/**
 * Adds the screenshots whose file the creator has not sent before; one sent meanwhile by another
 * request is left out (the unique index on the file's hash), so a file is read once however it races.
 */
export async function insertScreenshots(
  db: DbOrTx,
  userId: string,
  rows: NewScreenshot[],
): Promise<ScreenshotRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(screenshots)
    .values(rows.map((row) => ({ ...row, userId })))
    .onConflictDoNothing()
    .returning();
}

/** The creator's screenshots of these files (by the SHA-256 of what was sent). */
export async function findScreenshotsOfFiles(
  db: DbOrTx,
  userId: string,
  hashes: string[],
): Promise<ScreenshotRow[]> {
  if (hashes.length === 0) return [];
  return db
    .select()
    .from(screenshots)
    .where(and(eq(screenshots.userId, userId), inArray(screenshots.sourceSha256, hashes)));
}

export async function findScreenshots(db: DbOrTx, userId: string, limit: number): Promise<ScreenshotRow[]> {
  return db
    .select()
    .from(screenshots)
    .where(eq(screenshots.userId, userId))
    .orderBy(desc(screenshots.createdAt), desc(screenshots.id))
    .limit(limit);
}

export async function findScreenshot(db: DbOrTx, id: string): Promise<ScreenshotRow | null> {
  const [row] = await db.select().from(screenshots).where(eq(screenshots.id, id));
  return row ?? null;
}

export async function findOwnScreenshot(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<ScreenshotRow | null> {
  const [row] = await db
    .select()
    .from(screenshots)
    .where(and(eq(screenshots.userId, userId), eq(screenshots.id, id)));
  return row ?? null;
}

export async function recordAnalysis(
  db: DbOrTx,
  id: string,
  outcome:
    | {
        status: 'analysed';
        metrics: ScreenshotMetric[];
        period: FigurePeriod;
        readPeriod: FigurePeriod;
        layout: string | null;
      }
    | {
        status: 'no_figures';
        error: string;
        seenLines: string[];
        period: FigurePeriod;
        readPeriod: FigurePeriod;
        layout: string | null;
      }
    | { status: 'failed'; error: string },
): Promise<void> {
  // When it was read, by the database's clock, as a column default would stamp it.
  const analysedAt = sql`now()`;
  await db
    .update(screenshots)
    .set(
      outcome.status === 'analysed'
        ? {
            status: 'analysed',
            metrics: outcome.metrics,
            period: outcome.period,
            readPeriod: outcome.readPeriod,
            layout: outcome.layout,
            error: null,
            analysedAt,
          }
        : outcome.status === 'no_figures'
          ? {
              status: 'no_figures',
              error: outcome.error,
              seenLines: outcome.seenLines,
              period: outcome.period,
              readPeriod: outcome.readPeriod,
              layout: outcome.layout,
              analysedAt,
            }
          : { status: 'failed', error: outcome.error, analysedAt },
    )
    .where(eq(screenshots.id, id));
}

export async function saveMetrics(
  db: DbOrTx,
  id: string,
  metrics: ScreenshotMetric[],
): Promise<ScreenshotRow> {
  const [row] = await db.update(screenshots).set({ metrics }).where(eq(screenshots.id, id)).returning();
  return row!;
}

/** Figures the creator typed: the screenshot counts as read from now on. */
export async function saveTypedMetrics(
  db: DbOrTx,
  id: string,
  metrics: ScreenshotMetric[],
): Promise<ScreenshotRow> {
  const [row] = await db
    .update(screenshots)
    .set({ metrics, status: 'analysed', error: null, analysedAt: sql`now()` })
    .where(eq(screenshots.id, id))
    .returning();
  return row!;
}

/** The creator says what period the screenshot covers; its figures are re-valued with it. */
export async function savePeriod(db: DbOrTx, id: string, period: FigurePeriod): Promise<ScreenshotRow> {
  const [row] = await db
    .update(screenshots)
    .set({ period, isPeriodGiven: true })
    .where(eq(screenshots.id, id))
    .returning();
  return row!;
}
