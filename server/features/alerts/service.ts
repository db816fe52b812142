import type { Alert, AlertPage } from '@common/alerts';
import { formatDateInWords, formatMonthInWords, londonDate, monthName, monthOf } from '@common/calendar';
import { metricLabel, platformName } from '@common/platforms';
import { type RevenueSource, sourceLabel, sourcePlatform } from '@common/revenue';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { OutboundMessage } from '../../integrations/outbound-message';
import type { Jobs } from '../../jobs/boss';
import { enqueueOutbound } from '../../jobs/outbox';
import { findAddressesOf } from '../auth/public';
import { filterUsersCovering } from '../billing/public';
import { type Drop, detectDailyDrop, detectMonthlyDrop, detectPaceDrop, MIN_PACE_DAYS } from './detection';
import { detectSeasonalMonthlyDrop, type MonthlyDrop, type Season } from './seasonality';
import { dailyMetrics, monthlyRevenue, revenueToDate, screenshotFigures } from './series';
import {
  type AlertCursor,
  type AlertRow,
  clearCauses,
  findAlertPage,
  insertAlertOnce,
  markRead,
  type NewAlert,
  toAlert,
} from './store';

/** The platform a source's income comes through, when it names one (common/revenue-sources.ts). */
function platformOfSource(source: RevenueSource): string | undefined {
  const platform = sourcePlatform(source);
  return platform && platform !== 'primary' ? platform : undefined;
}

/** Pence (series.ts keeps money in whole pence) as rounded pounds, for an alert's words only. */
const pounds = (pence: number) => `£${Math.round(pence / 100).toLocaleString('en-GB')}`;
const percent = (share: number) => `${Math.round(share * 100)}%`;

const encodeCursor = (row: AlertRow) =>
  Buffer.from(JSON.stringify([row.readAt ? 1 : 0, row.createdAt.toISOString(), row.id])).toString(
    'base64url',
  );

/** The cursor a page ended with, or null when it is not one this server gave (a 400, not a 500). */
function decodeCursor(text: string): AlertCursor | null {
  try {
    const [isRead, createdAt, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    const at = new Date(String(createdAt));
    const isUuid = typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id);
    if ((isRead !== 0 && isRead !== 1) || Number.isNaN(at.getTime()) || !isUuid) return null;
    return { isRead: isRead === 1, createdAt: at, id };
  } catch {
    return null;
  }
}

/**
 * A page of the creator's alerts: the unread ones first, however old, then the read ones, newest first;
 * `nextCursor` fetches the page after this one (null on the last).
 */
export async function listAlerts(
  db: Db,
  userId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<AlertPage> {
  const cursor = page.cursor ? decodeCursor(page.cursor) : null;
  if (page.cursor && !cursor) {
    throw new AppError(
      'VALIDATION_ERROR',
      'That page of alerts is not one Ballast gave out: start from the first.',
    );
  }
  const rows = await findAlertPage(db, userId, page.limit + 1, cursor);
  const shown = rows.slice(0, page.limit);
  return {
    alerts: shown.map(toAlert),
    nextCursor: rows.length > page.limit ? encodeCursor(shown.at(-1)!) : null,
  };
}

export async function dismissAlert(db: Db, userId: string, id: string): Promise<Alert> {
  const row = await markRead(db, userId, id);
  if (!row) throw notFound('That alert');
  return toAlert(row);
}

export type AlertDeps = { db: Db; jobs: Jobs };

/** The emails for these new alerts, for a creator on a plan that includes them. */
export async function alertEmails(tx: DbOrTx, rows: AlertRow[]): Promise<OutboundMessage[]> {
  const urgent = rows.filter((row) => row.severity === 'critical' || row.severity === 'high');
  if (urgent.length === 0) return [];
  // Plans that promise real-time alerts get critical and high ones by email too (docs/product/plans.md).
  const covered = await filterUsersCovering(
    tx,
    urgent.map((row) => row.userId),
    'alertEmails',
  );
  if (covered.size === 0) return [];
  const emailOf = await findAddressesOf(tx, [...covered]);
  return urgent.flatMap((row) => {
    const to = emailOf.get(row.userId);
    if (!to) return [];
    return [
      {
        channel: 'email' as const,
        template: 'alert' as const,
        to,
        severity: row.severity as 'critical' | 'high',
        title: row.title,
        description: row.description,
        impactDescription: row.impactDescription,
        mitigationStrategy: row.mitigationStrategy,
      },
    ];
  });
}

/** Raises each alert whose cause is new; clears the causes of `prefix` that no longer hold. */
export async function settleAlerts(
  { db, jobs }: AlertDeps,
  userId: string,
  prefix: string,
  raised: NewAlert[],
) {
  // The usual case on a scan: nothing to raise, only causes that may have cleared (one statement).
  if (raised.length === 0) {
    await clearCauses(db, userId, prefix, []);
    return [];
  }
  return db.transaction(async (tx) => {
    await clearCauses(
      tx,
      userId,
      prefix,
      raised.map((alert) => alert.cause),
    );
    const created: AlertRow[] = [];
    for (const alert of raised) {
      const row = await insertAlertOnce(tx, alert);
      if (row) created.push(row);
    }
    await enqueueOutbound(jobs, tx, await alertEmails(tx, created));
    return created.map(toAlert);
  });
}

/** What the same month in earlier years says about this fall, in words. */
function seasonSentence(season: Season, month: string, name: string): string {
  if (season.kind === 'short') {
    return ` With ${season.months} months of ${name} so far, Ballast can’t yet tell whether ${monthName(month)} dips every year.`;
  }
  if (season.kind === 'new') return ` ${monthName(month)} has not fallen like this in earlier years.`;
  const usually = season.previousMonth
    ? `${monthName(month)} is usually ${percent(season.usualFall)} below ${monthName(season.previousMonth)} for you`
    : `${monthName(month)} is usually ${percent(season.usualFall)} below the months before it for you`;
  return season.beyond === null
    ? ` ${usually}, so this fall is mostly the season.`
    : ` ${usually}, and this one is ${percent(season.beyond)} below even that.`;
}

function revenueAlert(userId: string, source: RevenueSource, month: string, drop: MonthlyDrop): NewAlert {
  const lost = drop.baseline - drop.value;
  const name = sourceLabel(source);
  return {
    userId,
    cause: `revenue:${source}`,
    severity: drop.severity,
    platform: platformOfSource(source) ?? 'other',
    title: `${name} revenue fell ${percent(drop.dropShare)}`,
    description:
      `${formatMonthInWords(month)} brought ${pounds(drop.value)} from ${name}, against ${pounds(drop.baseline)} in a typical recent month.` +
      seasonSentence(drop.season, month, name),
    impactDescription: `${pounds(lost)} less this month; ${pounds(lost * 3)} over a quarter if it continues.`,
    mitigationStrategy:
      platformOfSource(source) !== undefined
        ? 'Check the platform’s analytics for a reach change, and post where your audience still sees you.'
        : 'Contact your buyers or partners directly, and check whether a launch, price or link changed.',
  };
}

function paceAlert(userId: string, source: RevenueSource, today: string, drop: Drop): NewAlert {
  const name = sourceLabel(source);
  const day = Number(today.slice(8, 10));
  return {
    userId,
    cause: `revenue:${source}:pace`,
    severity: drop.severity,
    platform: platformOfSource(source) ?? 'other',
    title: `${name} revenue is ${percent(drop.dropShare)} behind its usual pace`,
    description: `This month so far (to the ${day}${ordinal(day)}) brought ${pounds(drop.value)} from ${name}, against ${pounds(drop.baseline)} by the same day in a typical recent month.`,
    impactDescription: `${pounds(drop.baseline - drop.value)} behind so far; more by the month’s end if it continues.`,
    mitigationStrategy:
      platformOfSource(source) !== undefined
        ? 'Check the platform’s analytics for a reach change this month, and post where your audience still sees you.'
        : 'Contact your buyers or partners directly, and check whether a launch, price or link changed.',
  };
}

const ordinal = (day: number) =>
  day % 10 === 1 && day !== 11
    ? 'st'
    : day % 10 === 2 && day !== 12
      ? 'nd'
      : day % 10 === 3 && day !== 13
        ? 'rd'
        : 'th';

function metricAlert(userId: string, platform: string, metric: string, drop: Drop): NewAlert {
  const name = `${platformName(platform)} ${metricLabel(metric).toLowerCase()}`;
  return {
    userId,
    cause: `metric:${platform}:${metric}`,
    severity: drop.severity,
    platform,
    title: `${name} dropped ${percent(drop.dropShare)}`,
    description: `${formatDateInWords(drop.at)}: ${Math.round(drop.value).toLocaleString('en-GB')} against a usual ${Math.round(drop.baseline).toLocaleString('en-GB')}.`,
    impactDescription: `Reach on ${platformName(platform)} drives the income it pays: expect less from it while this lasts.`,
    mitigationStrategy:
      'Look for a change in how your recent posts are distributed, and move your most engaged viewers to something you own.',
  };
}

/** One creator's scan: revenue by source against its recent months, platform figures against their days. */
export async function scanCreator(deps: AlertDeps, userId: string, now: Date): Promise<Alert[]> {
  const { db } = deps;
  const today = londonDate(now);
  const currentMonth = monthOf(today);
  const revenueAlerts: NewAlert[] = [];
  for (const [source, months] of await monthlyRevenue(db, userId, currentMonth)) {
    const drop = detectSeasonalMonthlyDrop(months);
    if (drop) revenueAlerts.push(revenueAlert(userId, source, drop.at, drop));
  }
  const dayOfMonth = Number(today.slice(8, 10));
  // Before the 7th no pace is judged: the month so far is not read at all.
  const monthSoFar = dayOfMonth >= MIN_PACE_DAYS ? await revenueToDate(db, userId, today) : new Map();
  for (const [source, months] of monthSoFar) {
    const drop = months.at(-1)?.at === currentMonth ? detectPaceDrop(months, dayOfMonth) : null;
    if (drop) revenueAlerts.push(paceAlert(userId, source, today, drop));
  }
  const metricAlerts: NewAlert[] = [];
  for (const [key, points] of await dailyMetrics(db, userId, today)) {
    const drop = detectDailyDrop(points);
    const [platform, metric] = key.split(':') as [string, string];
    if (drop) metricAlerts.push(metricAlert(userId, platform, metric, drop));
  }
  const synced = new Set(metricAlerts.map((alert) => alert.cause));
  for (const [key, points] of await screenshotFigures(db, userId)) {
    // The same judgement as months of revenue: the latest reading against those before it.
    const drop = detectMonthlyDrop(points);
    const [platform, metric] = key.split(':') as [string, string];
    const alert = drop && metricAlert(userId, platform, metric, drop);
    if (alert && !synced.has(alert.cause)) metricAlerts.push(alert);
  }
  return [
    ...(await settleAlerts(deps, userId, 'revenue:', revenueAlerts)),
    ...(await settleAlerts(deps, userId, 'metric:', metricAlerts)),
  ];
}
