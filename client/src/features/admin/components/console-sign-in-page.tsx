import { CONSOLE_SESSION_HOURS, MAGIC_LINK_MINUTES } from '@common/auth';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { emailSignInLink } from '@/features/auth/public';
import { describeError } from '@/lib/api';

/**
 * An operator signed in with a password: the console needs a session that itself proved the address
 * (an emailed link or single sign-on), so a password chosen by whoever signed up with the address never
 * opens it.
 */
export function ConsoleSignInPage({ email }: { email: string }) {
  const [status, setStatus] = useState<'idle' | 'busy' | 'sent' | { error: string }>('idle');

  async function send() {
    setStatus('busy');
    try {
      // Back to the console once the link is opened.
      await emailSignInLink(email, '/admin');
      setStatus('sent');
    } catch (error) {
      setStatus({ error: describeError(error, 'We could not send the link. Try again in a minute.') });
    }
  }

  return (
    <main className="mx-auto flex w-full max-w-xl flex-1 flex-col justify-center px-4 py-12">
      <Card className="grid gap-4 border-2 p-6">
        <h1 className="font-display text-2xl font-black tracking-tight uppercase">Operators’ console</h1>
        <p className="text-lg font-semibold">Sign in with an emailed link to open the console</p>
        <p className="text-muted-foreground">
          A password is not enough for the console. We will send a sign-in link to{' '}
          <span className="break-all font-semibold text-foreground">{email}</span>; the session it starts
          opens the console for {CONSOLE_SESSION_HOURS} hours.
        </p>
        {status === 'sent' ? (
          <p role="status" className="font-semibold text-success">
            Sent. Open the link in the email on this device; it works for {MAGIC_LINK_MINUTES} minutes.
          </p>
        ) : (
          <Button className="justify-self-start" disabled={status === 'busy'} onClick={() => void send()}>
            Email me a sign-in link
          </Button>
        )}
        {typeof status === 'object' && (
          <p role="alert" className="font-semibold text-destructive">
            {status.error}
          </p>
        )}
      </Card>
    </main>
  );
}
