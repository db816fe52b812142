import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { inTransaction, QUEUES, work } from '../../jobs/boss';
import { takeFigureChanges } from '../../jobs/figure-changes';
import {
  claimDueCreators,
  dueChanges,
  markFiguresChanged,
  markRechecksDue,
  recordScanFailed,
  recordScanned,
} from './scan-store';
import { type AlertDeps, scanCreator } from './service';

/**
 * Creators per batch job: at a few milliseconds each, a batch is a second or two of work, small enough
 * that every instance polling the queue takes a share, large enough that the queue stays short.
 */
export const SCAN_BATCH_SIZE = 200;
/** Creators claimed per planner transaction (its batch jobs are sent in the same transaction). */
const CLAIMS_PER_TRANSACTION = 10_000;
/** Creators of one batch scanned at once: each waits mostly on the database. */
const SCANS_AT_ONCE = 4;
/** Batch workers per instance. */
const BATCH_WORKERS = 2;

/** Names the process in `alert_scans.scanned_by`, so an operator sees which instance scanned whom. */
export const INSTANCE_NAME = `${hostname()}:${process.pid}`;

type Log = Pick<FastifyBaseLogger, 'warn' | 'info'>;
type ScanDeps = AlertDeps & { now: Clock; log?: Log; instance?: string };
export type ScanBatch = { userIds: string[] };

/** Notes of changed figures taken per transaction. */
const CHANGES_PER_TRANSACTION = 10_000;

/**
 * The notes the features wrote as they changed creators' figures (server/jobs/figure-changes.ts), folded
 * into the creators' scan rows so they become due. Answers how many notes were taken.
 */
export async function foldFigureChanges(db: Db): Promise<number> {
  let taken = 0;
  for (;;) {
    const notes = await db.transaction(async (tx) => {
      const changes = await takeFigureChanges(tx, CHANGES_PER_TRANSACTION);
      await markFiguresChanged(tx, changes);
      return changes.reduce((sum, change) => sum + change.count, 0);
    });
    taken += notes;
    if (notes < CHANGES_PER_TRANSACTION) return taken;
  }
}

/**
 * The planner: folds in the changes noted since its last run and the rechecks whose time has come, then claims every creator due for a scan
 * and queues them as batch jobs of 200, each claim and
 * its jobs committed together. Cheap (it reads only the partial index of creators with unscanned
 * changes) and safe to run on every instance at once: claims skip rows another planner holds.
 * Answers how many creators it queued.
 */
export async function planAlertScan(deps: AlertDeps & { now: Clock }): Promise<number> {
  await foldFigureChanges(deps.db);
  await markRechecksDue(deps.db, deps.now());
  let queued = 0;
  for (;;) {
    const claimed = await deps.db.transaction(async (tx) => {
      const userIds = await claimDueCreators(tx, CLAIMS_PER_TRANSACTION, deps.now());
      const batches = [];
      for (let from = 0; from < userIds.length; from += SCAN_BATCH_SIZE) {
        batches.push({
          name: QUEUES.alertScanBatch,
          data: { userIds: userIds.slice(from, from + SCAN_BATCH_SIZE) },
        });
      }
      if (batches.length > 0) await deps.jobs.insert(batches, { db: inTransaction(tx) });
      return userIds.length;
    });
    queued += claimed;
    if (claimed < CLAIMS_PER_TRANSACTION) return queued;
  }
}

/**
 * One batch: each creator scanned in its own try, so one creator's bad data stops only their own scan.
 * A failure is recorded on their row (error, count, a wait before a planner takes them again) and,
 * once the rest are done, fails the job so pg-boss retries it; the retry scans only the creators still
 * due. Answers the creators scanned and the ones that failed.
 */
export async function scanBatch(deps: ScanDeps, batch: ScanBatch) {
  const instance = deps.instance ?? INSTANCE_NAME;
  const { now } = deps;
  const due = [...(await dueChanges(deps.db, batch.userIds))];
  const scanned = new Map<string, number>();
  const failed: string[] = [];
  const scanNext = async (): Promise<void> => {
    const next = due.shift();
    if (!next) return;
    const [userId, changes] = next;
    try {
      await scanCreator(deps, userId, now());
      scanned.set(userId, changes);
    } catch (error) {
      failed.push(userId);
      deps.log?.warn({ err: error, userId }, 'Alert scan of a creator failed');
      await recordScanFailed(deps.db, userId, error, instance, now());
    }
    return scanNext();
  };
  await Promise.all(Array.from({ length: SCANS_AT_ONCE }, scanNext));
  // A process that dies before this has its batch retried when the job expires: scanning again is harmless.
  await recordScanned(deps.db, scanned, instance, now());
  return { scanned: scanned.size, failed };
}

/**
 * Plans and scans in this process, one batch after another (tests and the bench); answers how many
 * creators were scanned.
 */
export async function scanChangedCreators(deps: AlertDeps, now: Clock): Promise<number> {
  await foldFigureChanges(deps.db);
  await markRechecksDue(deps.db, now());
  let scanned = 0;
  for (;;) {
    const userIds = await deps.db.transaction((tx) => claimDueCreators(tx, SCAN_BATCH_SIZE, now()));
    if (userIds.length === 0) return scanned;
    scanned += (await scanBatch({ ...deps, now }, { userIds })).scanned;
  }
}

/**
 * Every five minutes by default (ALERT_SCAN_CRON), one planner job for all instances (pg-boss sends a
 * schedule's job once a minute whoever's clock fires); every instance works the batches it queues.
 */
export async function startAlertScan(deps: AlertDeps & { cron: string; log: Log; now: Clock }) {
  await deps.jobs.schedule(QUEUES.alertScan, deps.cron, {}, { tz: 'UTC' });
  await work(deps.jobs, QUEUES.alertScan, { pollingIntervalSeconds: 10 }, async () => {
    await planAlertScan(deps);
  });
  for (let worker = 0; worker < BATCH_WORKERS; worker += 1) {
    await work<ScanBatch>(
      deps.jobs,
      QUEUES.alertScanBatch,
      { pollingIntervalSeconds: 2, batchSize: 1 },
      async ([job]) => {
        if (!job) return;
        const { scanned, failed } = await scanBatch(deps, job.data);
        if (failed.length > 0) {
          throw new Error(
            `${failed.length} of ${job.data.userIds.length} creators' scans failed (scanned ${scanned})`,
          );
        }
      },
    );
  }
}
