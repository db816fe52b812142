import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldAlertIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { apiRequest } from '@/lib/api';
import { userQueryOptions } from '../api/get-user';
import { Notice } from './account-notice';

/** A sign-in link took away a password chosen before the address was proven: say so, and how to set one. */
export default function PasswordRemovedNotice() {
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
