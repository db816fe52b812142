import { createHash } from 'node:crypto';
import { londonDate } from '@common/calendar';
import type { HealthCheck, HealthCheckInputs, HealthHistory } from '@common/health-check';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Jobs } from '../../jobs/boss';
import { alertOnHealthBands, findLiveFalls } from '../alerts/public';
import { findOnboardingAnswers } from '../onboarding/public';
import { findAudienceByPlatform, findPlatformsInUse } from '../platforms/public';
import { findIncomeWindow, findPaidBy, type IncomeWindow, toMonthlyIncome } from '../revenue/public';
import { computeHealth, type HealthInputs } from './engine';
import { toHealthFindings } from './findings';
import {
  findHealthHistory,
  findLatestHealthCheckRow,
  type HealthInputsSummary,
  insertHealthCheck,
  toHealthCheck,
} from './store';

/** Platforms used longer ago than this do not describe how exposed the creator is now. */
export const HEALTH_WINDOW_DAYS = 90;
/** A second run with the same inputs within this time returns the first (double-clicks, retries). */
export const REPEAT_RUN_WINDOW_MS = 60_000;
const HISTORY_LENGTH = 24;

export type HealthDeps = { db: Db; jobs: Jobs; now: () => Date };

function windowStart(now: Date): string {
  const start = new Date(`${londonDate(now)}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - (HEALTH_WINDOW_DAYS - 1));
  return start.toISOString().slice(0, 10);
}

async function gatherInputs(db: Db, userId: string, now: Date) {
  // Revenue is read as the one monthly income every screen states: complete months only.
  const [answers, income, connectedPlatforms, liveFalls, audience] = await Promise.all([
    findOnboardingAnswers(db, userId),
    findIncomeWindow(db, userId, londonDate(now)),
    findPlatformsInUse(db, userId, new Date(`${windowStart(now)}T00:00:00Z`)),
    findLiveFalls(db, userId),
    findAudienceByPlatform(db, userId),
  ]);
  const paidBy =
    income.firstMonth && income.lastMonth
      ? await findPaidBy(db, userId, { firstMonth: income.firstMonth, lastMonth: income.lastMonth })
      : [];
  const inputs: HealthInputs = {
    answers,
    revenueBySource: income.penceBySource,
    revenueMonths: income.months,
    connectedPlatforms,
    books: { paidBy, liveFalls, audience },
  };
  return { inputs, income };
}

/** What the next run would read: the empty screen shows it before the first run. */
export async function healthCheckInputs({ db, now }: HealthDeps, userId: string): Promise<HealthCheckInputs> {
  const { inputs, income } = await gatherInputs(db, userId, now());
  const pence = Object.values(inputs.revenueBySource).reduce((sum, value) => sum + value, 0);
  return {
    hasAnswers: inputs.answers !== null,
    platforms: inputs.answers?.platforms ?? [],
    currentStreams: inputs.answers?.currentStreams ?? [],
    hasAnalytics: inputs.answers?.hasAnalytics ?? false,
    revenueEntryCount: income.entryCount,
    revenueSourceCount: Object.keys(inputs.revenueBySource).length,
    revenueTotal: (pence / 100).toFixed(2),
    monthlyIncome: toMonthlyIncome(income),
  };
}

function summarise(inputs: HealthInputs, income: IncomeWindow): HealthInputsSummary {
  return {
    revenueBySource: Object.fromEntries(Object.entries(inputs.revenueBySource).sort()),
    platforms: [...(inputs.answers?.platforms ?? [])].sort(),
    connectedPlatforms: [...inputs.connectedPlatforms].sort(),
    hasAnswers: inputs.answers !== null,
    incomeWindow:
      income.firstMonth && income.lastMonth
        ? { firstMonth: income.firstMonth, lastMonth: income.lastMonth }
        : null,
  };
}

const hashOf = (inputs: HealthInputs) => createHash('sha256').update(JSON.stringify(inputs)).digest('hex');

/**
 * Runs the health check from the creator's current answers and monthly income, and keeps the
 * result. The same inputs again within a minute give back the earlier run rather than a second one;
 * a per-creator lock makes two clicks at once wait for each other.
 */
export async function runHealthCheck({ db, jobs, now }: HealthDeps, userId: string): Promise<HealthCheck> {
  const at = now();
  const { inputs, income } = await gatherInputs(db, userId, at);
  const inputsHash = hashOf(inputs);
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`health-check:${userId}`}, 0))`);
    const latest = await findLatestHealthCheckRow(tx, userId);
    if (
      latest &&
      latest.inputsHash === inputsHash &&
      at.getTime() - latest.createdAt.getTime() < REPEAT_RUN_WINDOW_MS
    ) {
      return toHealthCheck(latest);
    }
    const { recommendations, findings, ...scores } = computeHealth(inputs);
    const row = await insertHealthCheck(tx, userId, {
      ...scores,
      findings: toHealthFindings(findings),
      recommendations,
      inputs: summarise(inputs, income),
      inputsHash,
      createdAt: at,
    });
    return toHealthCheck(row);
  });
  await alertOnHealthBands({ db, jobs }, userId, result);
  return result;
}

export async function latestHealthCheck(db: Db, userId: string): Promise<HealthCheck | null> {
  const row = await findLatestHealthCheckRow(db, userId);
  return row ? toHealthCheck(row) : null;
}

export function healthHistory(db: Db, userId: string): Promise<HealthHistory> {
  return findHealthHistory(db, userId, HISTORY_LENGTH);
}
