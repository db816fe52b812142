import { isSameEmail } from '@common/account-limits';
import { RECENT_SIGN_IN_MINUTES } from '@common/auth';
import type { CurrentUser } from '@common/auth-schemas';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { ApiError, describeError } from '@/lib/api';
import { now } from '@/lib/clock';
import { useDeleteAccount } from '../api/delete-account';
import { useAccountSecurity } from '../api/sessions';

/** The sign-in is recent enough to delete without the password (the server decides; this only guides). */
function isRecentSignIn(signedInAt: string | undefined): boolean {
  if (!signedInAt) return false;
  return now().getTime() - new Date(signedInAt).getTime() < RECENT_SIGN_IN_MINUTES * 60_000;
}

export function DeleteAccountDialog({ user, onClose }: { user: CurrentUser; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const deletion = useDeleteAccount();
  const security = useAccountSecurity();
  const ids = { email: useId(), password: useId(), passwordError: useId() };
  const isConfirmed = isSameEmail(typed, user.email);
  const isRecent = isRecentSignIn(security.data?.currentSignedInAt);
  const needsPassword = !isRecent && security.data?.hasPassword === true;
  const needsSignIn = !isRecent && security.data?.hasPassword === false;

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!isConfirmed) return;
    setPasswordError(null);
    try {
      await deletion.mutateAsync({ confirmEmail: typed, ...(needsPassword ? { password } : {}) });
    } catch (error) {
      const field = error instanceof ApiError ? error.details?.fields?.password : undefined;
      if (field) {
        setPasswordError(field);
        return;
      }
      toast({
        title: 'Delete Failed',
        description: describeError(error, 'Your account could not be deleted. Please try again.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            Your revenue, health checks, blueprints, alerts, connections and screenshots are deleted for good,
            any subscription is cancelled, and you are signed out everywhere. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={confirm} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={ids.email}>Type {user.email} to confirm</Label>
            <Input
              id={ids.email}
              type="email"
              autoComplete="off"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
          {needsPassword && (
            <div className="grid gap-2">
              <Label htmlFor={ids.password}>Your password</Label>
              <Input
                id={ids.password}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-invalid={passwordError !== null}
                aria-describedby={passwordError ? ids.passwordError : undefined}
              />
              {passwordError && (
                <p id={ids.passwordError} className="text-sm font-semibold text-destructive">
                  {passwordError}
                </p>
              )}
            </div>
          )}
          {needsSignIn && (
            <p className="text-sm text-muted-foreground">
              For your safety, deleting needs a sign-in within the last {RECENT_SIGN_IN_MINUTES} minutes. Sign
              out, sign in again with an emailed link, then come back here.
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-3">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="destructive"
              disabled={!isConfirmed || deletion.isPending || needsSignIn || (needsPassword && !password)}
            >
              {deletion.isPending ? 'Deleting...' : 'Delete my account'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
