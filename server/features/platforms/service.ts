import {
  CONNECTABLE_PLATFORM_NAMES,
  CONNECTABLE_PLATFORMS,
  type ConnectablePlatform,
  type ConnectionOutcome,
  type PlatformConnection,
  type PlatformLink,
  type PlatformProviders,
} from '@common/platforms';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { newState, newVerifier } from '../../integrations/oauth/pkce-flow';
import type { PlatformProvider } from '../../integrations/oauth/platform-provider';
import { platformProviders } from '../../integrations/oauth/providers';
import { createTokenBox, type TokenBox } from '../../integrations/oauth/token-box';
import { inTransaction, type Jobs, QUEUES } from '../../jobs/boss';
import { releaseSyncedEntries } from '../revenue/public';
import {
  deleteConnection,
  deleteStaleOauthStates,
  findConnection,
  findConnections,
  saveOauthState,
  takeOauthState,
  toConnection,
  upsertConnection,
} from './store';

/** How long a creator has to finish signing in at the platform. */
const STATE_LIFETIME_MS = 10 * 60 * 1000;

export type PlatformDeps = {
  db: Db;
  /** Where a new connection's first read is queued (absent: it waits for the daily sync). */
  jobs?: Jobs;
  providers: Partial<Record<ConnectablePlatform, PlatformProvider>>;
  tokens: TokenBox;
  publicUrl: string;
  now: () => Date;
};

/** What connecting and reading platforms needs: providers with credentials, the token sealer. */
export function platformDepsOf(config: Config, db: Db, now: Clock, jobs?: Jobs): PlatformDeps {
  return {
    db,
    jobs,
    providers: platformProviders(config),
    tokens: createTokenBox(config.sessionSecret),
    publicUrl: config.publicUrl,
    now,
  };
}

export const callbackUrl = (publicUrl: string, platform: ConnectablePlatform) =>
  `${publicUrl}/api/connect/${platform}/callback`;

/** Where the browser goes back to after a connection attempt, with what happened. */
export const healthCheckReturn = (platform: ConnectablePlatform, outcome: ConnectionOutcome) =>
  `/health-check?connection=${outcome}&platform=${platform}`;

export function providersStatus(deps: Pick<PlatformDeps, 'providers'>): PlatformProviders {
  return CONNECTABLE_PLATFORMS.map((platform) => ({
    platform,
    isConfigured: Boolean(deps.providers[platform]),
  }));
}

/** The platform's sign-in page for this creator (state and PKCE kept for the callback), or why not. */
export async function startConnection(deps: PlatformDeps, userId: string, platform: ConnectablePlatform) {
  const provider = deps.providers[platform];
  if (!provider) return healthCheckReturn(platform, 'not-configured');
  const state = newState();
  const verifier = newVerifier();
  await deleteStaleOauthStates(deps.db, new Date(deps.now().getTime() - STATE_LIFETIME_MS));
  await saveOauthState(deps.db, { state, userId, platform, codeVerifier: verifier, createdAt: deps.now() });
  return provider.authorizeUrl({
    state,
    codeVerifier: verifier,
    redirectUri: callbackUrl(deps.publicUrl, platform),
  });
}

const seal = (tokens: TokenBox, value: string | null) => (value ? tokens.seal(value) : null);

/** When a token the provider says lasts `seconds` stops working, on this app's clock. */
export const expiryOf = (now: Date, seconds: number | null) =>
  seconds === null ? null : new Date(now.getTime() + seconds * 1000);

/**
 * The platform sent the creator back: check the state is theirs, exchange the code, read the account,
 * and keep the connection with its tokens sealed. Answers where the browser goes next.
 */
export async function finishConnection(
  deps: PlatformDeps,
  userId: string,
  platform: ConnectablePlatform,
  query: { code?: string; state?: string; error?: string },
  log: FastifyBaseLogger,
): Promise<string> {
  const provider = deps.providers[platform];
  if (!provider) return healthCheckReturn(platform, 'not-configured');
  const saved = query.state
    ? await takeOauthState(deps.db, {
        state: query.state,
        userId,
        platform,
        since: new Date(deps.now().getTime() - STATE_LIFETIME_MS),
      })
    : null;
  if (!saved) {
    log.warn({ platform }, 'Platform connection: unknown, expired or another creator’s state');
    return healthCheckReturn(platform, 'failed');
  }
  if (query.error) return healthCheckReturn(platform, 'denied');
  if (!query.code) return healthCheckReturn(platform, 'failed');
  try {
    const tokens = await provider.exchangeCode({
      code: query.code,
      codeVerifier: saved.codeVerifier,
      redirectUri: callbackUrl(deps.publicUrl, platform),
    });
    const account = await provider.readAccount(tokens.accessToken, tokens.scopes);
    const previous = await findConnection(deps.db, userId, platform);
    const isSameAccount = previous?.platformUserId === account.platformUserId;
    const row = await upsertConnection(deps.db, {
      userId,
      platform,
      platformUserId: account.platformUserId,
      platformUsername: account.platformUsername,
      isActive: true,
      isVerified: true,
      accessToken: deps.tokens.seal(tokens.accessToken),
      refreshToken: seal(deps.tokens, tokens.refreshToken),
      tokenExpiresAt: expiryOf(deps.now(), tokens.expiresInSeconds),
      grantedScopes: tokens.scopes,
      followers: account.followers,
      lastSyncError: null,
      needsReconnect: false,
      // Another account on the platform is read from its start (its history, within seconds, if the
      // plan allows: sync.ts). When it was last read stays: a new authorisation is not a new read.
      ...(isSameAccount ? {} : { syncedThrough: null, lastSyncRead: null, videoViews: null }),
    });
    await queueConnectionSync(deps, row.id);
    return healthCheckReturn(platform, 'connected');
  } catch (error) {
    log.warn({ err: error, platform }, 'Platform connection failed');
    return healthCheckReturn(platform, 'failed');
  }
}

export async function listConnections(db: Db, userId: string): Promise<PlatformConnection[]> {
  return (await findConnections(db, userId)).map(toConnection);
}

/** POST /api/platforms: a public handle linked by hand, shown as unverified. */
export async function linkHandle(db: Db, userId: string, link: PlatformLink & { platformUsername: string }) {
  const existing = await findConnection(db, userId, link.platform);
  if (existing?.isVerified) {
    throw new AppError(
      'CONFLICT',
      `Your ${CONNECTABLE_PLATFORM_NAMES[link.platform]} account is already connected. Disconnect it first to link another.`,
    );
  }
  const row = await upsertConnection(db, {
    userId,
    platform: link.platform,
    platformUserId: link.platformUserId || link.platformUsername,
    platformUsername: link.platformUsername,
    isActive: link.isActive ?? true,
    isVerified: false,
    accessToken: null,
    refreshToken: null,
    tokenExpiresAt: null,
  });
  return toConnection(row);
}

/** One connection's read, now: a new connection's history, or a retry after a provider's wait. */
export async function queueConnectionSync(
  deps: Pick<PlatformDeps, 'jobs'>,
  connectionId: string,
  options: { attempt?: number; startAfterSeconds?: number } = {},
) {
  await deps.jobs?.send(
    QUEUES.platformSyncConnection,
    { connectionId, attempt: options.attempt ?? 0 },
    { singletonKey: connectionId, startAfter: options.startAfterSeconds ?? 0 },
  );
}

/**
 * Disconnecting deletes the connection and its tokens, and queues the revocation of the grant at the
 * platform (where it has a way to) in the same transaction: a platform that is down is asked again
 * later, and never holds up the creator. YouTube's revenue entries stay as the creator's.
 */
export async function disconnect(deps: PlatformDeps, userId: string, id: string): Promise<void> {
  const row = (await findConnections(deps.db, userId)).find((connection) => connection.id === id);
  if (!row) throw notFound('That connection');
  // Google revokes the whole grant from its refresh token; TikTok's revoke takes the access token.
  const token = row.platform === 'tiktok' ? row.accessToken : (row.refreshToken ?? row.accessToken);
  await deps.db.transaction(async (tx) => {
    if (!(await deleteConnection(tx, userId, id))) throw notFound('That connection');
    if (row.platform === 'youtube') await releaseSyncedEntries(tx, userId);
    if (token && deps.providers[row.platform]?.revoke)
      await deps.jobs?.send(QUEUES.platformRevoke, { platform: row.platform, token } satisfies RevokeJob, {
        db: inTransaction(tx),
      });
  });
}

/** A grant to revoke: its platform and its token, still sealed. */
export type RevokeJob = { platform: ConnectablePlatform; token: string };

/** The revoke job: a failure is thrown for pg-boss to try again (platform-revoke's retries). */
export async function revokeGrant(deps: Pick<PlatformDeps, 'providers' | 'tokens'>, job: RevokeJob) {
  await deps.providers[job.platform]?.revoke?.(deps.tokens.open(job.token));
}
