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
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import {
  newState,
  type PlatformProvider,
  ProviderError,
  type ProviderTokens,
  pkcePair,
} from '../../integrations/oauth/providers';
import type { TokenBox } from '../../integrations/oauth/token-box';
import {
  type ConnectionRow,
  deleteConnection,
  deleteStaleOauthStates,
  findConnection,
  findConnections,
  insertPlatformMetrics,
  saveOauthState,
  takeOauthState,
  toConnection,
  updateConnection,
  upsertConnection,
} from './store';

/** How long a creator has to finish signing in at the platform. */
const STATE_LIFETIME_MS = 10 * 60 * 1000;
/** A token this close to expiry is refreshed before use. */
const EXPIRY_MARGIN_MS = 60 * 1000;

export type PlatformDeps = {
  db: Db;
  providers: Partial<Record<ConnectablePlatform, PlatformProvider>>;
  tokens: TokenBox;
  publicUrl: string;
  now: () => Date;
};

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
  const { verifier, challenge } = pkcePair();
  await deleteStaleOauthStates(deps.db, new Date(deps.now().getTime() - STATE_LIFETIME_MS));
  await saveOauthState(deps.db, { state, userId, platform, codeVerifier: verifier, createdAt: deps.now() });
  return provider.authorizeUrl({
    state,
    codeChallenge: challenge,
    redirectUri: callbackUrl(deps.publicUrl, platform),
  });
}

const seal = (tokens: TokenBox, value: string | null) => (value ? tokens.seal(value) : null);

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
    const account = await provider.readAccount(tokens.accessToken);
    await upsertConnection(deps.db, {
      userId,
      platform,
      platformUserId: account.platformUserId,
      platformUsername: account.platformUsername,
      isActive: true,
      isVerified: true,
      accessToken: deps.tokens.seal(tokens.accessToken),
      refreshToken: seal(deps.tokens, tokens.refreshToken),
      tokenExpiresAt: tokens.expiresAt,
      followers: account.followers,
      lastSyncedAt: deps.now(),
      lastSyncError: null,
    });
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

/** Disconnecting deletes the connection and its tokens. */
export async function disconnect(db: Db, userId: string, id: string): Promise<void> {
  if (!(await deleteConnection(db, userId, id))) throw notFound('That connection');
}

async function freshTokens(deps: PlatformDeps, row: ConnectionRow, provider: PlatformProvider) {
  const accessToken = deps.tokens.open(row.accessToken!);
  const isExpiring =
    row.tokenExpiresAt && row.tokenExpiresAt.getTime() - EXPIRY_MARGIN_MS <= deps.now().getTime();
  if (!isExpiring) return accessToken;
  if (!row.refreshToken) throw new ProviderError('the sign-in has expired; connect the account again', true);
  const refreshed: ProviderTokens = await provider.refresh(deps.tokens.open(row.refreshToken));
  await updateConnection(deps.db, row.id, {
    accessToken: deps.tokens.seal(refreshed.accessToken),
    refreshToken: seal(deps.tokens, refreshed.refreshToken),
    tokenExpiresAt: refreshed.expiresAt,
  });
  return refreshed.accessToken;
}

/** Reads one connection's public statistics into platform metrics; a failure is kept on the connection. */
export async function syncConnection(
  deps: PlatformDeps,
  row: ConnectionRow,
  log: Pick<FastifyBaseLogger, 'warn'>,
) {
  const provider = deps.providers[row.platform];
  if (!provider || !row.accessToken) return;
  try {
    const account = await provider.readAccount(await freshTokens(deps, row, provider));
    await updateConnection(deps.db, row.id, {
      platformUsername: account.platformUsername,
      followers: account.followers,
      lastSyncedAt: deps.now(),
      lastSyncError: null,
    });
    await insertPlatformMetrics(
      deps.db,
      (['followers', 'views'] as const)
        .filter((metric) => account[metric] !== null)
        .map((metric) => ({
          userId: row.userId,
          connectionId: row.id,
          platform: row.platform,
          metric,
          value: account[metric]!,
        })),
    );
  } catch (error) {
    const message =
      error instanceof ProviderError && error.isAuthRevoked
        ? `${CONNECTABLE_PLATFORM_NAMES[row.platform]} no longer accepts this connection: connect it again.`
        : `${CONNECTABLE_PLATFORM_NAMES[row.platform]} could not be read: ${(error as Error).message}`;
    log.warn({ err: error, connectionId: row.id }, 'Platform sync failed');
    await updateConnection(deps.db, row.id, { lastSyncError: message });
  }
}
