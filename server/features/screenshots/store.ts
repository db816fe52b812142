import type { FigurePeriod, Screenshot, ScreenshotMetric } from '@common/screenshots';
import { and, desc, eq, sql } from 'drizzle-orm';
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
      // Figures read before they knew what they measure were taken as the account's totals.
      kind: metric.kind ?? 'total',
      scope: metric.scope ?? 'account',
      // Figures read before the reader read changes state none.
      statedChange: metric.statedChange ?? null,
    })),
    seenLines: row.seenLines,
    period: row.period,
    isPeriodGiven: row.isPeriodGiven,
    layout: layoutOf(row.layout),
    createdAt: row.createdAt.toISOString(),
    analysedAt: row.analysedAt?.toISOString() ?? null,
  };
}

const layoutOf = (id: string | null) => {
  const layout = layoutById(id);
  return layout && { id: layout.id, name: layout.name };
};

export async function insertScreenshots(
  db: DbOrTx,
  userId: string,
  rows: NewScreenshot[],
): Promise<ScreenshotRow[]> {
  return db
    .insert(screenshots)
    .values(rows.map((row) => ({ ...row, userId })))
    .returning();
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
    | { status: 'analysed'; metrics: ScreenshotMetric[]; period: FigurePeriod; layout: string | null }
    | {
        status: 'no_figures';
        error: string;
        seenLines: string[];
        period: FigurePeriod;
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
