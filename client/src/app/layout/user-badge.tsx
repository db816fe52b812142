import { displayName } from '@common/auth';
import type { CurrentUser } from '@common/auth-schemas';
import { Link } from 'wouter';
import { Avatar } from '@/components/ui/avatar';
import { SlidersIcon } from '@/components/ui/icons';
import { preloadOnIntent } from './nav-bar';

/** The creator's picture and name, leading to their account settings. */
export function UserBadge({ user, onNavigate }: { user: CurrentUser; onNavigate?: () => void }) {
  return (
    <Link
      href="/settings"
      onClick={onNavigate}
      {...preloadOnIntent('/settings')}
      aria-label={`Account settings for ${displayName(user)}`}
      className="flex items-center gap-2 rounded-md text-sm font-semibold hover:text-primary"
    >
      <Avatar src={user.profileImageUrl} size="small" />
      <span data-testid="nav-user-name">{displayName(user)}</span>
      <SlidersIcon className="size-4 text-muted-foreground" />
    </Link>
  );
}
