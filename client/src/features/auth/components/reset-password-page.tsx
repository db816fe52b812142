import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@common/auth';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { describeError } from '@/lib/api';
import { userQueryOptions } from '../api/get-user';
import { resetPassword } from '../api/sign-in';

type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done' } | { kind: 'error'; message: string };

/** The token from the emailed link, or null when the link arrived broken, used or expired. */
function linkToken(): string | null {
  const query = new URLSearchParams(window.location.search);
  return query.get('error') ? null : query.get('token');
}

/** Where the emailed reset link lands: choose the new password. */
export function ResetPasswordPage() {
  const queryClient = useQueryClient();
  const [token] = useState(linkToken);
  const [password, setPassword] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const ids = { password: useId(), hint: useId(), error: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!token) return;
    setStatus({ kind: 'busy' });
    try {
      await resetPassword(token, password);
      setStatus({ kind: 'done' });
      // Every session ended with the reset, this browser's too.
      await queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey });
    } catch (error) {
      setStatus({
        kind: 'error',
        message: describeError(error, 'We could not set your password. Try again.'),
      });
    }
  }

  return (
    <main className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 py-12">
      <Card className="border-2">
        <CardHeader>
          <h1 className="font-display text-2xl leading-tight font-extrabold tracking-tight uppercase">
            Choose a new password
          </h1>
          <CardDescription>
            Setting it signs out every device that is signed in to your account.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {!token ? (
            <>
              <p role="alert" className="text-sm font-semibold text-destructive">
                This link has expired or was already used. Ask for a new one.
              </p>
              <Button asChild size="lg">
                <Link href="/forgot-password">Send me a new link</Link>
              </Button>
            </>
          ) : status.kind === 'done' ? (
            <>
              <p role="status" className="text-sm font-semibold text-success">
                Your new password is set. Sign in with it now.
              </p>
              <Button asChild size="lg">
                <Link href="/sign-in">Sign in</Link>
              </Button>
            </>
          ) : (
            <form
              className="grid gap-4"
              onSubmit={submit}
              aria-describedby={status.kind === 'error' ? ids.error : undefined}
            >
              <div className="grid gap-2">
                <Label htmlFor={ids.password}>New password</Label>
                <Input
                  id={ids.password}
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  minLength={MIN_PASSWORD_LENGTH}
                  maxLength={MAX_PASSWORD_LENGTH}
                  required
                  aria-describedby={ids.hint}
                  disabled={status.kind === 'busy'}
                />
                <p id={ids.hint} className="text-xs text-muted-foreground">
                  At least {MIN_PASSWORD_LENGTH} characters, and not one of the common passwords.
                </p>
              </div>
              {status.kind === 'error' && (
                <p id={ids.error} role="alert" className="text-sm font-semibold text-destructive">
                  {status.message}
                </p>
              )}
              <Button type="submit" size="lg" disabled={status.kind === 'busy'}>
                Set new password
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
