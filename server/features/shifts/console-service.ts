import { platformName } from '@common/platforms';
import { draftShiftBulletin, type PlatformShift } from '@common/shifts';
import type { DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { findShift, listShifts, type ShiftRow, settleShift } from './store';

const toShift = (row: ShiftRow): PlatformShift => ({
  id: row.id,
  platform: row.platform,
  startedOn: row.startedOn,
  recentFrom: row.recentFrom,
  recentTo: row.recentTo,
  baselineFrom: row.baselineFrom,
  baselineTo: row.baselineTo,
  cohortSize: row.cohortSize,
  fellCount: row.fellCount,
  medianChange: row.medianChange,
  status: row.status,
  isOpen: row.isOpen,
  bulletinId: row.bulletinId,
  detectedAt: row.detectedAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  draft: draftShiftBulletin(row),
});

/** The shifts for the operators' console, each with a draft bulletin: aggregates only. */
export async function findShiftsForConsole(db: DbOrTx): Promise<PlatformShift[]> {
  return (await listShifts(db)).map(toShift);
}

/**
 * Settles a detected shift (published with its bulletin, or dismissed) in the caller's transaction.
 * 404 for an unknown id, 409 when it was settled already.
 */
export async function settleDetectedShift(
  db: DbOrTx,
  id: string,
  outcome: { status: 'dismissed' } | { status: 'published'; bulletinId: string },
): Promise<PlatformShift> {
  const settled = await settleShift(
    db,
    id,
    outcome.status,
    outcome.status === 'published' ? outcome.bulletinId : null,
  );
  if (settled) return toShift(settled);
  const existing = await findShift(db, id);
  if (!existing) throw notFound('That platform shift');
  throw new AppError('CONFLICT', `That platform shift was already ${existing.status}.`);
}

/**
 * Checked before a bulletin for a shift goes out: 404 unless the shift exists, 409 unless it still
 * waits for review, 400 when the bulletin is for another platform than the shift's.
 */
export async function assertShiftDetected(db: DbOrTx, id: string, platform: string): Promise<void> {
  const existing = await findShift(db, id);
  if (!existing) throw notFound('That platform shift');
  if (existing.status !== 'detected')
    throw new AppError('CONFLICT', `That platform shift was already ${existing.status}.`);
  if (existing.platform !== platform)
    throw new AppError(
      'BAD_REQUEST',
      `That platform shift is on ${platformName(existing.platform)}: publish its bulletin for ${platformName(existing.platform)}.`,
    );
}
