import { byUrgency } from '@common/alert-labels';
import type { Alert, AlertPage } from '@common/alerts';
import { addDays, londonDate, monthOf } from '@common/calendar';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { OutboundMessage } from '../../integrations/outbound-message';
import type { Jobs } from '../../jobs/boss';
import { enqueueOutbound } from '../../jobs/outbox';
import { findAddressesOf } from '../auth/public';
import { filterUsersCovering } from '../billing/public';
import { ARRIVAL_MARGIN_DAYS, findIncomeWindow } from '../revenue/public';
import { checkTimes } from './check-times';
import { MIN_PACE_DAYS, type Point } from './detection';
import { joinStreamFall, platformFalls } from './platform-fall';
import {
  completeMonthsAlert,
  exchangeRateAlert,
  notRecordedAlert,
  paceAlert,
  platformOfSource,
} from './revenue-alerts';
import { findScanState, setRecheck } from './scan-store';
import { screenshotFalls } from './screenshot-fall';
import { dailyMetrics, monthlyRevenue, revenueToDate, screenshotFigures } from './series';
import { sayWhetherShared } from './shared-falls';
import {
  type AlertCursor,
  type AlertRow,
  clearCauses,
  findAlertPage,
  insertAlertOnce,
  markRead,
  type NewAlert,
  placeOf,
  retireRecordedReminders,
  reviseOpenAlert,
  toAlert,
} from './store';

const encodeCursor = (row: AlertRow) => {
  const place = placeOf(row);
  return Buffer.from(
    JSON.stringify([
      place.isRead ? 1 : 0,
      place.rank,
      place.atStake,
      place.createdAt.toISOString(),
      place.id,
    ]),
  ).toString('base64url');
};

/** The cursor a page ended with, or null when it is not one this server gave (a 400, not a 500). */
function decodeCursor(text: string): AlertCursor | null {
  try {
    const [isRead, rank, atStake, createdAt, id] = JSON.parse(
      Buffer.from(text, 'base64url').toString('utf8'),
    ) as unknown[];
    const at = new Date(String(createdAt));
    const isUuid = typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id);
    const isWhole = (value: unknown): value is number => Number.isSafeInteger(value);
    if ((isRead !== 0 && isRead !== 1) || !isWhole(rank) || !isWhole(atStake)) return null;
    if (Number.isNaN(at.getTime()) || !isUuid) return null;
    return { isRead: isRead === 1, rank, atStake, createdAt: at, id };
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
  now: Date,
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
  const isRealTime = (await filterUsersCovering(db, [userId], 'realTimeAlerts')).has(userId);
  return {
    alerts: shown.map(toAlert),
    nextCursor: rows.length > page.limit ? encodeCursor(shown.at(-1)!) : null,
    checks: checkTimes(await findScanState(db, userId), isRealTime, now),
  };
}

export async function dismissAlert(db: Db, userId: string, id: string, now: Date): Promise<Alert> {
  const row = await markRead(db, userId, id, now);
  if (!row) throw notFound('That alert');
  return toAlert(row);
}

export type AlertDeps = { db: Db; jobs: Jobs };

/** The emails for these new alerts, for a creator on a plan that includes them. */
export async function alertEmails(tx: DbOrTx, rows: AlertRow[]): Promise<OutboundMessage[]> {
  // Sent in the order the lists show them: the most severe first, then the costliest.
  const urgent = rows.filter((row) => row.severity === 'critical' || row.severity === 'high').sort(byUrgency);
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
      else await reviseOpenAlert(tx, alert);
    }
    await enqueueOutbound(jobs, tx, await alertEmails(tx, created));
    return created.map(toAlert);
  });
}

/** One creator's scan: revenue by source against its recent months, platform figures against their days. */
export async function scanCreator(deps: AlertDeps, userId: string, now: Date): Promise<Alert[]> {
  const { db } = deps;
  const today = londonDate(now);
  const currentMonth = monthOf(today);
  const revenueAlerts: NewAlert[] = [];
  const [completeMonths, daily, screenshots, income] = await Promise.all([
    monthlyRevenue(db, userId, currentMonth),
    dailyMetrics(db, userId, today),
    screenshotFigures(db, userId, today),
    findIncomeWindow(db, userId, today),
  ]);
  // Falls are weighed against the creator's monthly income: critical only for the costly ones; an ad
  // stream's fall is split into reach and ad rates by the platform's daily views.
  const weigh = {
    userId,
    income: income.pencePerMonth,
    dailyMetrics: daily,
    screenshotFigures: screenshots,
  };
  // A month a stream has not come in for yet is not a fall (docs/scoring.md#when-a-month-is-in): its
  // source is judged on the months before it, and one well past its usual day gets a reminder.
  const notIn = (source: string, month: string) =>
    income.pendingStreams.some((stream) => stream.source === source && stream.month === month);
  const inOnly = (source: string, months: Point[]) => {
    let end = months.length;
    while (end > 0 && notIn(source, months[end - 1]!.at)) end -= 1;
    return months.slice(0, end);
  };
  // One fall, one alert: a stream's month that fell on a platform whose days tell a fall joins it.
  const falls = platformFalls(userId, daily);
  for (const [source, all] of completeMonths.paid) {
    const months = inOnly(source, all);
    if (months.length === 0) continue;
    const fall = falls.find(({ alert }) => alert.platform === platformOfSource(source));
    const monthFell = completeMonthsAlert(weigh, source, months);
    if (fall && monthFell) joinStreamFall(fall.alert, monthFell);
    const alert =
      (fall ? null : monthFell) ??
      exchangeRateAlert(weigh, source, months, inOnly(source, completeMonths.inPounds.get(source)!));
    if (alert) revenueAlerts.push(alert);
  }
  for (const stream of income.pendingStreams) {
    if (stream.state === 'missing') revenueAlerts.push(notRecordedAlert(userId, stream, income));
  }
  // The day the first awaited stream would turn missing, the scan looks again with nothing new.
  const turnsMissing = income.pendingStreams
    .filter((stream) => stream.state === 'awaited')
    .map((stream) => addDays(stream.usuallyBy, ARRIVAL_MARGIN_DAYS + 1))
    .sort()[0];
  await setRecheck(db, userId, turnsMissing ? new Date(`${turnsMissing}T00:00:00Z`) : null);
  const dayOfMonth = Number(today.slice(8, 10));
  // Before the 7th no pace is judged: the month so far is not read at all.
  const monthSoFar = dayOfMonth >= MIN_PACE_DAYS ? await revenueToDate(db, userId, today) : new Map();
  for (const [source, months] of monthSoFar) {
    const alert = months.at(-1)?.at === currentMonth ? paceAlert(weigh, source, today, months) : null;
    if (alert) revenueAlerts.push(alert);
  }
  const metricAlerts: NewAlert[] = [];
  metricAlerts.push(...falls.map((fall) => fall.alert));
  // A fall in views says whether the platform's other creators saw it too.
  await sayWhetherShared(
    db,
    falls.flatMap(({ alert, views }) => (views ? [{ alert, platform: alert.platform, drop: views }] : [])),
    now,
  );
  // A platform's screenshots add a fall only where its synced days told none (screenshot-fall.ts).
  const fallen = new Set(metricAlerts.map((alert) => alert.platform));
  metricAlerts.push(...screenshotFalls(userId, screenshots, daily, fallen));
  await retireRecordedReminders(
    db,
    userId,
    revenueAlerts.map((alert) => alert.cause),
    now,
  );
  return [
    ...(await settleAlerts(deps, userId, 'revenue:', revenueAlerts)),
    ...(await settleAlerts(deps, userId, 'metric:', metricAlerts)),
  ];
}
