import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@common/auth';
import { type ComponentProps, type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/api';
import { useChangePassword } from '../api/change-password';
import { useAccountSecurity } from '../api/sessions';

/** A labelled password input, with the rule it is held to beneath it when it has one. */
function PasswordField({
  label,
  hint,
  ...input
}: { label: string; hint?: string } & ComponentProps<'input'>) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="password" required aria-describedby={hint ? hintId : undefined} {...input} />
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * Changing the password: every other device is signed out unless the creator ticks the box, since
 * whoever changes a password may be taking the account back from someone who knew the old one.
 */
export function PasswordSection() {
  const security = useAccountSecurity();
  const change = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [isOtherDevicesKept, setOtherDevicesKept] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (security.isPending) return <p className="text-muted-foreground">Loading...</p>;
  if (security.isError)
    return (
      <p className="text-destructive">
        Your password settings could not be loaded. Reload the page to try again.
      </p>
    );
  if (!security.data?.hasPassword) {
    return (
      <>
        <p className="text-muted-foreground">
          Your account has no password: you sign in with emailed links. You can set one with a link sent to
          your address.
        </p>
        <Button asChild variant="outline" className="justify-self-start">
          <Link href="/forgot-password">Set a password</Link>
        </Button>
      </>
    );
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await change.mutateAsync({ currentPassword, newPassword, isOtherDevicesKept });
      setCurrentPassword('');
      setNewPassword('');
      toast({
        title: 'Password Changed',
        description: isOtherDevicesKept
          ? 'Your other devices stay signed in.'
          : 'Every other device is signed out.',
      });
    } catch (failure) {
      setError(describeError(failure, 'Your password could not be changed. Please try again.'));
    }
  }

  return (
    <form className="grid gap-4" onSubmit={(event) => void save(event)}>
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
      />
      <PasswordField
        label="New password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters, and not one of the common passwords.`}
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        maxLength={MAX_PASSWORD_LENGTH}
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
      />
      <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={isOtherDevicesKept}
          onChange={(event) => setOtherDevicesKept(event.target.checked)}
        />
        Keep my other devices signed in
      </label>
      {error && (
        <p role="alert" className="font-semibold text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" className="justify-self-start" disabled={change.isPending}>
        Change password
      </Button>
    </form>
  );
}
