import { ProviderError } from '../../integrations/oauth/http';
import type { PlatformProvider, ProviderTokens } from '../../integrations/oauth/platform-provider';
import { expiryOf, type PlatformDeps } from './service';
import { type ConnectionRow, updateConnection } from './store';

/**
 * A connection's access token, kept working: renewed before it lapses (each provider says how long
 * before: platform-provider.ts), the renewed tokens stored at once (TikTok's refresh token is replaced
 * on each use, and the old one stops working), and renewed once more if the provider refuses it
 * anyway. A grant that cannot be renewed fails with a `token-refused` error: the creator reconnects.
 */

async function renewTokens(deps: PlatformDeps, row: ConnectionRow, provider: PlatformProvider) {
  if (row.tokenExpiresAt && row.tokenExpiresAt.getTime() <= deps.now().getTime() && !row.refreshToken)
    throw new ProviderError('the sign-in has lapsed', 'token-refused', null, null, 'lapsed');
  const renewed: ProviderTokens = await provider.refresh({
    accessToken: deps.tokens.open(row.accessToken!),
    refreshToken: row.refreshToken ? deps.tokens.open(row.refreshToken) : null,
  });
  await updateConnection(deps.db, row.id, {
    accessToken: deps.tokens.seal(renewed.accessToken),
    refreshToken: renewed.refreshToken ? deps.tokens.seal(renewed.refreshToken) : null,
    tokenExpiresAt: expiryOf(deps.now(), renewed.expiresInSeconds),
    ...(renewed.scopes ? { grantedScopes: renewed.scopes } : {}),
  });
  return renewed.accessToken;
}

/** Reads the account with a working access token, renewing it first when it is due. */
export async function readAccountWithFreshToken(
  deps: PlatformDeps,
  row: ConnectionRow,
  provider: PlatformProvider,
) {
  const isDue =
    row.tokenExpiresAt !== null &&
    row.tokenExpiresAt.getTime() - provider.refreshBeforeExpiryMs <= deps.now().getTime();
  let accessToken = isDue ? await renewTokens(deps, row, provider) : deps.tokens.open(row.accessToken!);
  try {
    return { accessToken, account: await provider.readAccount(accessToken, row.grantedScopes) };
  } catch (error) {
    if (isDue || !(error instanceof ProviderError && error.isAuthRevoked)) throw error;
    accessToken = await renewTokens(deps, row, provider);
    return { accessToken, account: await provider.readAccount(accessToken, row.grantedScopes) };
  }
}

const QUOTA_DAY_MARGIN_SECONDS = 300;
const pacificClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'America/Los_Angeles',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * Seconds from `now` until YouTube's quota day starts again (midnight Pacific time), and a few minutes
 * more. The Pacific wall clock is read for `now`; on a day the clocks change, the answer is checked
 * against the wall clock at that moment and moved by the hour it is off.
 */
export function secondsUntilQuotaReset(now: Date): number {
  const secondsIntoDay = (at: Date) => {
    const [hours, minutes, seconds] = pacificClock.format(at).split(':').map(Number);
    return hours! * 3600 + minutes! * 60 + seconds!;
  };
  let until = 86_400 - secondsIntoDay(now);
  const reset = secondsIntoDay(new Date(now.getTime() + until * 1000));
  if (reset !== 0) until += reset > 43_200 ? 86_400 - reset : -reset;
  return until + QUOTA_DAY_MARGIN_SECONDS;
}
