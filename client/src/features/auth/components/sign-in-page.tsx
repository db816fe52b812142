import { MAGIC_LINK_MINUTES, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@common/auth';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { describeError } from '@/lib/api';
import { usePublicConfig } from '@/lib/public-config';
import { takeSignUpEmail } from '@/lib/take-sign-up-email';
import { userQueryOptions } from '../api/get-user';
import { createAccount, emailSignInLink, signInWithPassword } from '../api/sign-in';

type Mode = 'sign-in' | 'create';
type Status =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'error'; message: string }
  | { kind: 'link-sent'; email: string }
  | { kind: 'check-inbox'; email: string };

/** Why an emailed link brought the visitor back here (the auth library adds `?error=`). */
function linkProblem(): string | null {
  if (typeof window === 'undefined') return null;
  const error = new URLSearchParams(window.location.search).get('error');
  if (!error) return null;
  return /expired/i.test(error)
    ? 'That link has expired. Ask for a new one below.'
    : 'That link does not work any more: it may have been used already. Ask for a new one below.';
}

/** `?mode=create` opens the page on account creation (the hero's "START YOUR BLUEPRINT"). */
function initialMode(): Mode {
  if (typeof window === 'undefined') return 'sign-in';
  return new URLSearchParams(window.location.search).get('mode') === 'create' ? 'create' : 'sign-in';
}

/** One page for signing in and for creating an account. */
export function SignInPage() {
  const queryClient = useQueryClient();
  const canEmailLink = usePublicConfig()?.signIn.magicLink ?? true;
  const [mode, setMode] = useState<Mode>(initialMode);
  const [email, setEmail] = useState(takeSignUpEmail);
  const [password, setPassword] = useState('');
  const [firstName, setFirstName] = useState('');
  const [status, setStatus] = useState<Status>(() => {
    const problem = linkProblem();
    return problem ? { kind: 'error', message: problem } : { kind: 'idle' };
  });
  const ids = { email: useId(), password: useId(), firstName: useId(), error: useId() };
  const isBusy = status.kind === 'busy';

  async function run(action: () => Promise<void>, fallback: string) {
    setStatus({ kind: 'busy' });
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey });
      setStatus({ kind: 'idle' });
    } catch (error) {
      setStatus({ kind: 'error', message: describeError(error, fallback) });
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mode === 'create') {
      void createThenSignIn();
    } else {
      void run(() => signInWithPassword({ email, password }), 'We could not sign you in. Try again.');
    }
  }

  async function createThenSignIn() {
    setStatus({ kind: 'busy' });
    try {
      const isSignedIn = await createAccount({ email, password, firstName });
      if (!isSignedIn) {
        setStatus({ kind: 'check-inbox', email });
        return;
      }
      await queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey });
      setStatus({ kind: 'idle' });
    } catch (error) {
      setStatus({
        kind: 'error',
        message: describeError(error, 'We could not create your account. Try again.'),
      });
    }
  }

  async function sendLink() {
    if (!email) {
      setStatus({ kind: 'error', message: 'Enter your email first, then we can send you a link.' });
      return;
    }
    setStatus({ kind: 'busy' });
    try {
      await emailSignInLink(email);
      setStatus({ kind: 'link-sent', email });
    } catch (error) {
      setStatus({ kind: 'error', message: describeError(error, 'We could not send a link. Try again.') });
    }
  }

  function switchTo(next: Mode) {
    setMode(next);
    setStatus({ kind: 'idle' });
  }

  const isCreating = mode === 'create';
  return (
    <main className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 py-12">
      <Card className="border-2">
        <CardHeader>
          <CardTitle as="h1" className="font-display text-2xl uppercase">
            {isCreating ? 'Create your account' : 'Sign in to Ballast'}
          </CardTitle>
          <CardDescription>
            {isCreating
              ? 'Track your income, see how exposed it is, and get your 30-day plan.'
              : 'Welcome back. Your dashboard is a sign-in away.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            className="grid gap-4"
            onSubmit={submit}
            aria-describedby={status.kind === 'error' ? ids.error : undefined}
          >
            {isCreating && (
              <div className="grid gap-2">
                <Label htmlFor={ids.firstName}>First name</Label>
                <Input
                  id={ids.firstName}
                  autoComplete="given-name"
                  value={firstName}
                  onChange={(event) => setFirstName(event.target.value)}
                  maxLength={50}
                  required
                  disabled={isBusy}
                />
              </div>
            )}
            <div className="grid gap-2">
              <Label htmlFor={ids.email}>Email</Label>
              <Input
                id={ids.email}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                required
                disabled={isBusy}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids.password}>Password</Label>
              <Input
                id={ids.password}
                type="password"
                autoComplete={isCreating ? 'new-password' : 'current-password'}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                minLength={MIN_PASSWORD_LENGTH}
                maxLength={MAX_PASSWORD_LENGTH}
                required
                disabled={isBusy}
              />
              {isCreating ? (
                <p className="text-xs text-muted-foreground">
                  At least {MIN_PASSWORD_LENGTH} characters, and not one of the common passwords.
                </p>
              ) : (
                <Link
                  href="/forgot-password"
                  className="justify-self-start text-sm font-semibold text-primary underline"
                >
                  Forgot password?
                </Link>
              )}
            </div>

            {status.kind === 'error' && (
              <p id={ids.error} role="alert" className="text-sm font-semibold text-destructive">
                {status.message}
              </p>
            )}
            {status.kind === 'link-sent' && (
              <p role="status" className="text-sm font-semibold text-success">
                Check {status.email} for a sign-in link. It works for {MAGIC_LINK_MINUTES} minutes.
              </p>
            )}
            {status.kind === 'check-inbox' && (
              <p role="status" className="text-sm font-semibold text-success">
                Check {status.email}: we sent an email to finish setting up. If you already have an account,
                it tells you how to sign in.
              </p>
            )}

            <Button type="submit" disabled={isBusy} size="lg">
              {isCreating ? 'Create account' : 'Sign in'}
            </Button>
            {!isCreating && canEmailLink && (
              <Button type="button" variant="outline" disabled={isBusy} onClick={() => void sendLink()}>
                Email me a link
              </Button>
            )}
          </form>
          <p className="mt-6 flex flex-wrap items-center justify-center gap-1 text-sm text-muted-foreground">
            {isCreating ? 'Already have an account?' : 'New to Ballast?'}
            <Button variant="link" size="sm" onClick={() => switchTo(isCreating ? 'sign-in' : 'create')}>
              {isCreating ? 'Sign in' : 'Create account'}
            </Button>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
