import type { AccountSecurity } from '@common/account';
import { describeDevice } from '@common/devices';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { deleteCreatorFiles, type FileStorage } from '../../integrations/storage/storage';
import type { AuthSession } from './session';
import {
  deleteNotMeToken,
  deleteOtherSessions,
  deleteUser,
  findAccountForNotMe,
  hasPassword,
  listSessions,
  readNotMeToken,
  removeEveryWayIn,
} from './store';

export async function describeAccountSecurity(
  db: Db,
  userId: string,
  current: AuthSession,
): Promise<AccountSecurity> {
  const [rows, isPasswordSet] = await Promise.all([listSessions(db, userId), hasPassword(db, userId)]);
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      device: describeDevice(row.userAgent),
      ipAddress: row.ipAddress,
      signedInAt: row.createdAt.toISOString(),
      lastSeenAt: row.updatedAt.toISOString(),
      isCurrent: row.id === current.id,
    })),
    hasPassword: isPasswordSet,
    currentSignedInAt: current.createdAt.toISOString(),
  };
}

export function signOutOtherDevices(db: Db, userId: string, current: AuthSession) {
  return deleteOtherSessions(db, userId, current.id);
}

/** What "This wasn't me" did, for the page that says so. */
export type NotMeOutcome =
  | { outcome: 'confirm'; email: string; isProven: boolean }
  | { outcome: 'deleted'; email: string }
  | { outcome: 'secured'; email: string }
  | { outcome: 'invalid' };

export async function checkNotMe(db: Db, token: string, now: Date): Promise<NotMeOutcome> {
  const details = token ? await readNotMeToken(db, token, now) : null;
  const account = details ? await findAccountForNotMe(db, details.userId) : null;
  if (!account) return { outcome: 'invalid' };
  return { outcome: 'confirm', email: account.email, isProven: account.emailVerified };
}

/**
 * "This wasn't me", from the sign-up email. While the address is unproven, the account made with it is
 * deleted with its sessions and its own files; nothing that belonged to the address before (a waitlist
 * place, messages, an unsubscribe) is touched, and the address can sign up afresh. If the link that
 * proves the address was followed already (perhaps without reading), the account stays with the owner
 * of the inbox: every device is signed out and every password goes, including one changed since sign-up
 * (whoever made the account may have changed it, and no email told the owner then); the owner sets a
 * password of their own with a reset link.
 */
export async function undoSignUp(
  deps: { db: Db; storage: FileStorage; log: FastifyBaseLogger; now: Clock },
  token: string,
): Promise<NotMeOutcome> {
  const result = await deps.db.transaction(async (tx): Promise<NotMeOutcome & { userId?: string }> => {
    const details = token ? await readNotMeToken(tx, token, deps.now()) : null;
    const account = details ? await findAccountForNotMe(tx, details.userId) : null;
    if (!details || !account) return { outcome: 'invalid' };
    await deleteNotMeToken(tx, token);
    if (!account.emailVerified) {
      await deleteUser(tx, account.id);
      return { outcome: 'deleted', email: account.email, userId: account.id };
    }
    await removeEveryWayIn(tx, account.id);
    return { outcome: 'secured', email: account.email };
  });
  if (result.outcome === 'deleted' && result.userId) {
    await deleteCreatorFiles(deps.storage, result.userId).catch((error: unknown) =>
      deps.log.error(
        { err: error, userId: result.userId },
        'The files of an account removed by "This wasn\'t me" could not be removed',
      ),
    );
  }
  const { userId: _userId, ...outcome } = result;
  return outcome;
}
