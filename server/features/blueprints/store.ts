import type { Blueprint } from '@common/blueprints';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blueprints } from '../../db/schema/blueprints';

type Row = typeof blueprints.$inferSelect;
export type NewBlueprint = Omit<typeof blueprints.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

function toBlueprint(row: Row): Blueprint {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    progress: row.progress,
    projectedRevenue: { min: row.projectedRevenueMin, max: row.projectedRevenueMax },
    projectionBasis: row.projectionBasis,
    steps: row.steps.map((step) => ({ ...step, isLocked: false })),
    ticked: row.steps.map((_, index) => row.ticked[index] ?? []),
    generatedBy: row.generatedBy,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Newest first. */
export async function findBlueprints(db: DbOrTx, userId: string): Promise<Blueprint[]> {
  const rows = await db
    .select()
    .from(blueprints)
    .where(eq(blueprints.userId, userId))
    .orderBy(desc(blueprints.createdAt), desc(blueprints.id));
  return rows.map(toBlueprint);
}

/** How many blueprints the creator has had (and completed), and when the latest was started. */
export async function countBlueprints(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      completed: sql<number>`(count(*) FILTER (WHERE ${blueprints.status} = 'completed'))::int`,
      latestAt: sql<string | null>`max(${blueprints.createdAt})`,
    })
    .from(blueprints)
    .where(eq(blueprints.userId, userId));
  return {
    total: row?.total ?? 0,
    completed: row?.completed ?? 0,
    latestAt: row?.latestAt ? new Date(row.latestAt) : null,
  };
}

export async function hasActiveBlueprint(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: blueprints.id })
    .from(blueprints)
    .where(and(eq(blueprints.userId, userId), eq(blueprints.status, 'active')));
  return row !== undefined;
}

/** Null when the creator already has an active blueprint (the partial unique index decides, race-safe). */
export async function insertActiveBlueprint(
  db: DbOrTx,
  userId: string,
  blueprint: NewBlueprint,
): Promise<Blueprint | null> {
  const [row] = await db
    .insert(blueprints)
    .values({ ...blueprint, userId, status: 'active', progress: 0, ticked: blueprint.steps.map(() => []) })
    .onConflictDoNothing()
    .returning();
  return row ? toBlueprint(row) : null;
}

export async function findBlueprint(db: DbOrTx, userId: string, id: string): Promise<Blueprint | null> {
  const [row] = await db
    .select()
    .from(blueprints)
    .where(and(eq(blueprints.userId, userId), eq(blueprints.id, id)));
  return row ? toBlueprint(row) : null;
}

/** The creator's active blueprint with this id, locked until the transaction ends; null when none. */
export async function lockActiveBlueprint(tx: DbOrTx, userId: string, id: string) {
  const [row] = await tx
    .select()
    .from(blueprints)
    .where(and(eq(blueprints.userId, userId), eq(blueprints.id, id), eq(blueprints.status, 'active')))
    .for('update');
  return row ?? null;
}

/** Saves the ticks and the progress they make; at 100 the blueprint is completed now. */
export async function saveTicks(
  tx: DbOrTx,
  id: string,
  ticked: number[][],
  progress: number,
): Promise<Blueprint> {
  const isComplete = progress >= 100;
  const [row] = await tx
    .update(blueprints)
    .set({
      ticked,
      progress,
      status: isComplete ? 'completed' : 'active',
      completedAt: isComplete ? sql`now()` : null,
      updatedAt: sql`now()`,
    })
    .where(eq(blueprints.id, id))
    .returning();
  return toBlueprint(row!);
}
