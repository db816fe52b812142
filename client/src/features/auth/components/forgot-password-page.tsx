import { PASSWORD_RESET_MINUTES } from '@common/auth';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { describeError } from '@/lib/api';
import { requestPasswordReset } from '../api/sign-in';

type Status =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'sent'; email: string }
  | { kind: 'error'; message: string };

/** "Forgot password?": an emailed link to set a new one (or a first one, for accounts without). */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const ids = { email: useId(), error: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setStatus({ kind: 'busy' });
    try {
      await requestPasswordReset(email);
      setStatus({ kind: 'sent', email });
    } catch (error) {
      setStatus({ kind: 'error', message: describeError(error, 'We could not send the link. Try again.') });
    }
  }

  return (
    <main className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 py-12">
      <Card className="border-2">
        <CardHeader>
          <h1 className="font-display text-2xl leading-tight font-extrabold tracking-tight uppercase">
            Forgot your password?
          </h1>
          <CardDescription>
            Enter your email and we will send you a link to choose a new password. It works once, for{' '}
            {PASSWORD_RESET_MINUTES} minutes.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {status.kind === 'sent' ? (
            <p role="status" className="text-sm font-semibold text-success">
              If {status.email} has a Ballast account, a link to set a new password is on its way. Check your
              inbox (and the spam folder).
            </p>
          ) : (
            <form
              className="grid gap-4"
              onSubmit={submit}
              aria-describedby={status.kind === 'error' ? ids.error : undefined}
            >
              <div className="grid gap-2">
                <Label htmlFor={ids.email}>Email</Label>
                <Input
                  id={ids.email}
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  required
                  disabled={status.kind === 'busy'}
                />
              </div>
              {status.kind === 'error' && (
                <p id={ids.error} role="alert" className="text-sm font-semibold text-destructive">
                  {status.message}
                </p>
              )}
              <Button type="submit" size="lg" disabled={status.kind === 'busy'}>
                Email me a reset link
              </Button>
            </form>
          )}
          <p className="mt-6 text-center text-sm">
            <Link
              href="/sign-in"
              className="inline-flex min-h-11 items-center font-semibold text-primary underline"
            >
              Back to sign in
            </Link>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
