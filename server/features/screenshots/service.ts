import path from 'node:path';
import { metricLabel, platformName } from '@common/platforms';
import {
  FIGURE_HINT,
  type FigurePeriod,
  figureName,
  formatFigure,
  SCREENSHOT_FIELDS,
  type Screenshot,
  type ScreenshotMetric,
  type TypedFigures,
} from '@common/screenshots';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { creatorPrefix, type FileStorage, type StoredFile } from '../../integrations/storage/storage';
import type { Jobs } from '../../jobs/boss';
import { recordScreenshotMetrics } from '../platforms/public';
import { type Figure, parseTypedFigure } from './figures';
import {
  findOwnScreenshot,
  findScreenshots,
  type ScreenshotRow,
  saveMetrics,
  savePeriod,
  saveTypedMetrics,
  toScreenshot,
} from './store';

export type ScreenshotDeps = { db: Db; jobs: Jobs; storage: FileStorage; now: Clock };
export type UploadedFile = { fileName: string; data: Buffer };
export type ScreenshotAnalysisJob = { screenshotId: string };

const LIST_LENGTH = 50;

/**
 * A screenshot's file in storage, under its creator's prefix. `storedName` has been `<user id>/<file>`
 * since the first upload; only the file's own name is taken from it, so no row can point elsewhere.
 */
export const screenshotKey = (row: { userId: string; storedName: string }) =>
  `${creatorPrefix(row.userId)}screenshots/${path.posix.basename(row.storedName)}`;

/** The creator's own screenshot image, as it was stored (re-encoded, without metadata). */
export async function openScreenshotImage(
  { db, storage }: Pick<ScreenshotDeps, 'db' | 'storage'>,
  userId: string,
  id: string,
): Promise<StoredFile & { mimeType: string }> {
  const row = await findOwnScreenshot(db, userId, id);
  const file = row ? await storage.get(screenshotKey(row)) : null;
  if (!row || !file) throw notFound('That screenshot');
  return { ...file, mimeType: row.mimeType };
}

export async function listScreenshots(db: Db, userId: string): Promise<Screenshot[]> {
  return (await findScreenshots(db, userId, LIST_LENGTH)).map(toScreenshot);
}

/** A figure the creator gave: a number, or text as the screen shows it ("1.2M", "£3,412.50"). */
function typedFigure(name: string, value: number | string): Figure & { isChange: boolean } {
  const figure =
    typeof value === 'number'
      ? { shown: String(value), value, currency: null, isChange: false }
      : parseTypedFigure(value);
  if (!figure)
    throw new AppError('BAD_REQUEST', `${name}: "${value}" is not a figure. Enter it ${FIGURE_HINT}.`);
  if (Math.abs(figure.value) > 1e12) throw new AppError('BAD_REQUEST', `${name}: that figure is too large.`);
  return figure;
}

/** A figure given by the creator measures what the screen's others do; a sign makes it a change. */
const typedMetric = (
  key: string,
  figure: Figure,
  currency: Figure['currency'],
  meaning: Pick<ScreenshotMetric, 'kind' | 'scope'>,
): ScreenshotMetric => ({
  ...meaning,
  key,
  label: metricLabel(key).toLowerCase(),
  value: figure.value,
  currency,
  shown: formatFigure(figure.value, currency),
  confidence: 100,
  isCorrected: true,
  needsCheck: false,
  doubt: null,
  // What the creator types is the figure alone: a change the screen stated is no longer vouched for.
  statedChange: null,
});

/**
 * A screenshot's figure by the name its address gives it ("views", "subscribers.change"); a metric's
 * bare name finds its only figure too, whatever its kind, as addresses did before figures had kinds.
 */
function figureNamed(metrics: ScreenshotMetric[], name: string): ScreenshotMetric {
  const metric =
    metrics.find((candidate) => figureName(candidate) === name) ??
    (metrics.filter((candidate) => candidate.key === name).length === 1
      ? metrics.find((candidate) => candidate.key === name)
      : undefined);
  if (!metric) throw notFound(`The figure "${name}" on that screenshot`);
  return metric;
}

/** The creator's own reading of a figure replaces what OCR made of it. */
export async function correctMetric(
  db: Db,
  userId: string,
  id: string,
  name: string,
  value: number | string,
): Promise<Screenshot> {
  const row = await findOwnScreenshot(db, userId, id);
  if (!row) throw notFound('That screenshot');
  const metric = figureNamed(row.metrics, name);
  const { key } = metric;
  const figure = typedFigure(metricLabel(key), value);
  const meaning = {
    kind: figure.isChange ? ('change' as const) : (metric.kind ?? 'total'),
    scope: metric.scope ?? 'account',
  };
  const corrected = {
    ...typedMetric(key, figure, figure.currency ?? metric.currency, meaning),
    label: metric.label,
  };
  const metrics = row.metrics.map((candidate) => (candidate === metric ? corrected : candidate));
  return db.transaction(async (tx) => {
    const saved = await saveMetrics(tx, row.id, metrics);
    await recordScreenshotMetrics(tx, screenshotOwner(row), readingsOf(metrics));
    return toScreenshot(saved);
  });
}

/** The creator has looked at a doubtful figure and it is what the screen shows: it counts from now. */
export async function confirmMetric(db: Db, userId: string, id: string, name: string): Promise<Screenshot> {
  const row = await findOwnScreenshot(db, userId, id);
  if (!row) throw notFound('That screenshot');
  const metric = figureNamed(row.metrics, name);
  if (metric.needsCheck !== true) return toScreenshot(row);
  const metrics = row.metrics.map((candidate) =>
    candidate === metric ? { ...candidate, needsCheck: false, doubt: null } : candidate,
  );
  return db.transaction(async (tx) => {
    const saved = await saveMetrics(tx, row.id, metrics);
    await recordScreenshotMetrics(tx, screenshotOwner(row), readingsOf(metrics));
    return toScreenshot(saved);
  });
}

/**
 * The creator says what period a screenshot covers, where the screen did not say or said it
 * otherwise: its figures count as that period's from now on (and are compared with that period's).
 */
export async function setScreenshotPeriod(
  db: Db,
  userId: string,
  id: string,
  period: FigurePeriod,
): Promise<Screenshot> {
  const row = await findOwnScreenshot(db, userId, id);
  if (!row) throw notFound('That screenshot');
  return db.transaction(async (tx) => {
    const saved = await savePeriod(tx, row.id, period);
    await recordScreenshotMetrics(tx, screenshotOwner(saved), readingsOf(saved.metrics));
    return toScreenshot(saved);
  });
}

/**
 * Figures the creator typed from a screen the reader could not read (or to add ones it missed): the
 * platform's fields only, each as the screen shows it; all are checked before any is kept.
 */
export async function typeFigures(
  db: Db,
  userId: string,
  id: string,
  { figures }: TypedFigures,
): Promise<Screenshot> {
  const row = await findOwnScreenshot(db, userId, id);
  if (!row) throw notFound('That screenshot');
  const fields = SCREENSHOT_FIELDS[row.platform];
  const typed: ScreenshotMetric[] = [];
  for (const [key, text] of Object.entries(figures)) {
    if (!fields.includes(key))
      throw new AppError(
        'BAD_REQUEST',
        `"${key}" is not a figure on ${platformName(row.platform)} screens. Use ${fields.join(', ')}.`,
      );
    if (text.trim() === '') continue;
    const figure = typedFigure(metricLabel(key), text);
    const kind = figure.isChange ? 'change' : 'total';
    typed.push(
      typedMetric(key, figure, figure.currency, { kind, scope: row.metrics[0]?.scope ?? 'account' }),
    );
  }
  const metrics = [
    ...row.metrics.filter(
      (metric) => !typed.some((candidate) => figureName(candidate) === figureName(metric)),
    ),
    ...typed,
  ].sort((a, b) => fields.indexOf(a.key) - fields.indexOf(b.key));
  return db.transaction(async (tx) => {
    const saved = await saveTypedMetrics(tx, row.id, metrics);
    await recordScreenshotMetrics(tx, screenshotOwner(row), readingsOf(metrics));
    return toScreenshot(saved);
  });
}

/** A screenshot as the platform metrics it feeds know it. */
export const screenshotOwner = (row: ScreenshotRow) => ({
  id: row.id,
  userId: row.userId,
  platform: row.platform,
  takenAt: row.createdAt,
  period: row.period,
});

/**
 * The figures that count as the account's: a doubtful one waits for the creator's check
 * (`needsCheck`), and a post's own figures stay on its screenshot, never becoming the account's. A
 * realtime figure is kept as one, over no stated period: its window is not the screen's period.
 */
export const readingsOf = (metrics: ScreenshotMetric[]) =>
  metrics
    .filter((metric) => metric.needsCheck !== true && metric.scope !== 'post')
    .map((metric) => ({
      metric: metric.key,
      value: metric.value,
      currency: metric.currency,
      kind: metric.kind ?? 'total',
      statedChange: metric.statedChange ?? null,
      ...(metric.kind === 'realtime' && { period: 'unknown' as const }),
    }));
