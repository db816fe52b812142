import {
  CONNECTABLE_PLATFORM_NAMES,
  CONNECTABLE_PLATFORMS,
  type ConnectablePlatform,
} from '@common/platform-names';
import type { PlatformConnection } from '@common/platforms';
import { LinkIcon, LockIcon, RefreshCwIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { ApiError, describeError } from '@/lib/api';
import { onDemand } from '@/lib/on-demand';
import { cn } from '@/lib/utils';
import { useLinkPlatform } from '../api/change-platforms';
import { usePlatformProviders, usePlatforms } from '../api/get-platforms';

const READ_ONLY_NOTE: Record<ConnectablePlatform, string> = {
  youtube:
    'Read-only: Ballast sees your channel statistics and analytics. It can never upload, edit, comment or delete.',
  instagram:
    'Read-only: Ballast sees your professional account’s profile and insights. It can never post, message or delete.',
  tiktok:
    'Read-only: Ballast sees your profile, follower statistics and your videos’ view counts. It can never post, comment or delete.',
};

const syncedAtFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** What the creator can trust about a connection: proven or not, when it was read and what it gave. */
function ConnectionStatus({ connection }: { connection: PlatformConnection }) {
  if (!connection.isVerified) {
    return <span className="text-xs text-muted-foreground">Linked (not verified) · no figures</span>;
  }
  if (connection.lastSyncError && !connection.needsReconnect) {
    // A read that waits (the platform asked us to slow down) or failed for now: still connected.
    return (
      <span className="text-xs text-muted-foreground">
        Connected
        {connection.lastSyncedAt && (
          <> · last synced {syncedAtFormat.format(new Date(connection.lastSyncedAt))}</>
        )}{' '}
        · {connection.lastSyncError}
      </span>
    );
  }
  if (connection.lastSyncError) {
    return (
      <span className="grid justify-items-start gap-1">
        <span className="text-xs text-destructive">{connection.lastSyncError}</span>
        <Button
          variant="outline"
          size="sm"
          onClick={() => window.location.assign(`/api/connect/${connection.platform}`)}
        >
          <RefreshCwIcon aria-hidden="true" />
          Reconnect {CONNECTABLE_PLATFORM_NAMES[connection.platform]}
        </Button>
      </span>
    );
  }
  if (!connection.lastSyncedAt) {
    return <span className="text-xs text-muted-foreground">Connected · reading your history…</span>;
  }
  return (
    <span className="text-xs text-muted-foreground">
      Connected · last synced {syncedAtFormat.format(new Date(connection.lastSyncedAt))}
      {connection.lastSyncRead && <> · {connection.lastSyncRead}</>}
    </span>
  );
}

// Radix Dialog loads when a disconnection is asked for.
const disconnectDialog = onDemand(() => import('./disconnect-dialog'));

function ConnectedList({ connections }: { connections: PlatformConnection[] }) {
  const [removing, setRemoving] = useState<PlatformConnection | null>(null);
  const DisconnectDialog = disconnectDialog.module?.DisconnectDialog;

  if (connections.length === 0)
    return <p className="text-sm text-muted-foreground">No platforms connected yet.</p>;
  return (
    <>
      <ul className="grid gap-2" aria-label="Connected platforms">
        {connections.map((connection) => (
          <li
            key={connection.id}
            className="flex items-center justify-between gap-3 rounded-md border px-4 py-3"
          >
            <span className="grid">
              <span className="font-semibold">
                {CONNECTABLE_PLATFORM_NAMES[connection.platform]} · @{connection.platformUsername}
              </span>
              {connection.isVerified && connection.followers !== null && (
                <span className="text-xs text-muted-foreground">
                  {connection.followers.toLocaleString('en-GB')} followers
                </span>
              )}
              <ConnectionStatus connection={connection} />
            </span>
            <button
              type="button"
              className="rounded-sm p-2 text-muted-foreground hover:text-destructive"
              {...disconnectDialog.triggers}
              onClick={() => disconnectDialog.open(() => setRemoving(connection))}
            >
              <Trash2Icon className="size-4" aria-hidden="true" />
              <span className="sr-only">Disconnect {CONNECTABLE_PLATFORM_NAMES[connection.platform]}</span>
            </button>
          </li>
        ))}
      </ul>
      {removing && DisconnectDialog && (
        <DisconnectDialog connection={removing} onClose={() => setRemoving(null)} />
      )}
    </>
  );
}

function LinkHandleForm({ platform, onLinked }: { platform: ConnectablePlatform; onLinked: () => void }) {
  const inputId = useId();
  const [handle, setHandle] = useState('');
  const link = useLinkPlatform();
  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await link.mutateAsync({ platform, platformUsername: handle, isActive: true });
      toast({
        title: 'Handle Linked',
        description: 'It shows as unverified until the platform can be connected.',
      });
      setHandle('');
      onLinked();
    } catch (error) {
      // The handle's own problem, without the field's name in front of it.
      const fieldMessage = error instanceof ApiError ? error.details?.fields?.platformUsername : undefined;
      toast({
        title: 'Linking Failed',
        description: fieldMessage ?? describeError(error, 'Please try again later.'),
        variant: 'destructive',
      });
    }
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1">
        <label htmlFor={inputId} className="text-sm font-semibold">
          Your {CONNECTABLE_PLATFORM_NAMES[platform]} handle
        </label>
        <Input
          id={inputId}
          value={handle}
          onChange={(event) => setHandle(event.target.value)}
          placeholder="@yourhandle or profile address"
          className="w-64"
        />
      </div>
      <Button type="submit" variant="outline" disabled={handle.trim() === '' || link.isPending}>
        <LinkIcon aria-hidden="true" />
        Link handle
      </Button>
    </form>
  );
}

/** Connected platforms with a disconnect icon, three tiles, the read-only note and Connect. */
export function PlatformConnectPanel() {
  const platforms = usePlatforms();
  const providers = usePlatformProviders();
  const [selected, setSelected] = useState<ConnectablePlatform | null>(null);
  const connections = platforms.data ?? [];
  const isConnected = (platform: ConnectablePlatform) =>
    connections.some((item) => item.platform === platform);
  const isConfigured = (platform: ConnectablePlatform) =>
    providers.data?.find((item) => item.platform === platform)?.isConfigured ?? false;

  function connect() {
    if (!selected) {
      toast({ title: 'Please select a platform to connect.', variant: 'destructive' });
      return;
    }
    window.location.assign(`/api/connect/${selected}`);
  }

  return (
    <Card className="grid gap-5 p-6" data-testid="platform-panel">
      <div>
        <h2 className="text-xl font-bold">Connect your platforms</h2>
        <p className="text-muted-foreground">Your real numbers make the health check and alerts sharper.</p>
      </div>
      <ConnectedList connections={connections} />
      <fieldset className="grid grid-cols-3 gap-3">
        <legend className="sr-only">Choose a platform to connect</legend>
        {CONNECTABLE_PLATFORMS.map((platform) => (
          <button
            key={platform}
            type="button"
            aria-pressed={selected === platform}
            disabled={isConnected(platform)}
            onClick={() => setSelected(platform)}
            className={cn(
              'rounded-lg border-2 px-2 py-4 text-sm font-bold transition-colors disabled:cursor-not-allowed disabled:opacity-50 sm:px-4 sm:text-base',
              selected === platform ? 'border-primary bg-primary/10' : 'hover:border-primary',
            )}
          >
            {CONNECTABLE_PLATFORM_NAMES[platform]}
            {isConnected(platform) && (
              <span className="block text-xs font-semibold">
                {connections.find((item) => item.platform === platform)?.isVerified ? 'Connected' : 'Linked'}
              </span>
            )}
          </button>
        ))}
      </fieldset>
      {selected && (
        <div className="grid gap-3 rounded-md bg-muted/50 p-4 text-sm" data-testid="connect-note">
          <p className="flex items-start gap-2">
            <LockIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {READ_ONLY_NOTE[selected]}
          </p>
          {!isConfigured(selected) && (
            <>
              <p>
                Connecting {CONNECTABLE_PLATFORM_NAMES[selected]} is not configured on this server yet. You
                can link your public handle instead; it shows as unverified.
              </p>
              <LinkHandleForm platform={selected} onLinked={() => setSelected(null)} />
            </>
          )}
        </div>
      )}
      {/* A platform that cannot be connected here offers its handle form above instead. */}
      {(selected === null || isConfigured(selected)) && (
        <div>
          <Button onClick={connect}>
            {selected ? `Connect ${CONNECTABLE_PLATFORM_NAMES[selected]}` : 'Connect'}
          </Button>
        </div>
      )}
    </Card>
  );
}
