import type { CurrentUser } from '@common/auth-schemas';
import { MailCheckIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { describeError } from '@/lib/api';
import { resendVerificationEmail } from '../api/sign-in';
import { Notice } from './account-notice';

/** Shown once, after a sign-in link took a password away: rare enough to load only when it is. */
const PasswordRemovedNotice = lazy(() => import('./password-removed-notice'));

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

export function AccountNotices({ user }: { user: CurrentUser }) {
  return (
    <>
      {!user.emailVerified && <ConfirmAddressNotice email={user.email} />}
      {user.isPasswordRemoved && (
        <Suspense fallback={null}>
          <PasswordRemovedNotice />
        </Suspense>
      )}
    </>
  );
}
