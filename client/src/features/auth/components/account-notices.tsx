import type { CurrentUser } from '@common/auth-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MailCheckIcon, ShieldAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { apiRequest, describeError } from '@/lib/api';
import { userQueryOptions } from '../api/get-user';
import { resendVerificationEmail } from '../api/sign-in';

function Notice({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <section className="border-b-2 border-warning/40 bg-warning/10" aria-label="Account notice">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm">
        <span aria-hidden="true">{icon}</span>
        {children}
      </div>
    </section>
  );
}

/** Until the address is proven: what that holds back, and the link again. */
function ConfirmAddressNotice({ email }: { email: string }) {
  const [status, setStatus] = useState<'idle' | 'busy' | 'sent' | string>('idle');
  async function resend() {
    setStatus('busy');
    try {
      await resendVerificationEmail(email);
      setStatus('sent');
    } catch (error) {
      setStatus(describeError(error, 'We could not send it. Try again in a minute.'));
    }
  }
  return (
    <Notice icon={<MailCheckIcon className="size-5" />}>
      <p className="min-w-0 flex-1 basis-64">
        <strong>Confirm your address.</strong> We sent a link to <span className="break-all">{email}</span>.
        Until you follow it, anything kept for that address (a waitlist place, a lifetime plan) stays with it,
        not with this account.
      </p>
      {status === 'sent' ? (
        <p role="status" className="font-semibold">
          Sent. Check your inbox.
        </p>
      ) : (
        <Button size="sm" variant="outline" disabled={status === 'busy'} onClick={() => void resend()}>
          Send the link again
        </Button>
      )}
      {status !== 'idle' && status !== 'busy' && status !== 'sent' && (
        <p role="alert" className="w-full font-semibold text-destructive">
          {status}
        </p>
      )}
    </Notice>
  );
}

/** A sign-in link took away a password chosen before the address was proven: say so, and how to set one. */
function PasswordRemovedNotice() {
  const queryClient = useQueryClient();
  const dismiss = useMutation({
    mutationFn: () => apiRequest('POST', '/api/account/password-notice/dismiss'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey }),
  });
  return (
    <Notice icon={<ShieldAlertIcon className="size-5" />}>
      <p className="min-w-0 flex-1 basis-64">
        <strong>Your old password no longer works.</strong> The link you signed in with proved this account is
        yours, so the password chosen before that was removed and every other device was signed out. Keep
        signing in with emailed links, or set a password of your own.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm">
          <Link href="/forgot-password">Set a password</Link>
        </Button>
        <Button size="sm" variant="outline" disabled={dismiss.isPending} onClick={() => dismiss.mutate()}>
          Dismiss
        </Button>
      </div>
    </Notice>
  );
}

export function AccountNotices({ user }: { user: CurrentUser }) {
  return (
    <>
      {!user.emailVerified && <ConfirmAddressNotice email={user.email} />}
      {user.isPasswordRemoved && <PasswordRemovedNotice />}
    </>
  );
}
