import type { WaitlistSignupResponse } from '@common/waitlist-schemas';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { describeError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { useSignUpForWaitlist } from '../api/sign-up';

export const SIGNUP_FAILED = 'Failed to join waitlist. Please try again.';

export function tierHeadline(tier: string): string {
  if (tier === 'free') return 'FREE ACCESS SECURED!';
  if (tier === 'lifetime_paid') return 'LIFETIME ACCESS LOCKED!';
  return 'WAITLIST CONFIRMED!';
}

export function positionLine(position: number): string {
  return `Position #${position} • Check your email for next steps`;
}

export const LIFETIME_PAYMENT_NOTE = 'Payment link coming soon via email';

type WaitlistFormProps = {
  /** Where the signup came from, for the operators' reports ('landing', 'dialog', 'not-found' …). */
  signupSource: string;
  submitLabel?: string;
  /** The address the field starts with (typed elsewhere before the form opened). */
  defaultEmail?: string;
  /** Runs after a successful signup; the dialog closes itself with it. */
  onSuccess?: (result: WaitlistSignupResponse) => void;
  className?: string;
};

function SignupSuccess({
  result,
  onAddAnother,
}: {
  result: WaitlistSignupResponse;
  onAddAnother: () => void;
}) {
  return (
    <div role="status" className="grid gap-3 rounded-lg border-2 border-primary bg-primary/10 p-5">
      <p className="font-display text-2xl font-black uppercase tracking-tight text-primary">
        {tierHeadline(result.tier)}
      </p>
      <p>{result.message}</p>
      <p className="text-sm font-semibold">{positionLine(result.position)}</p>
      {result.tier === 'lifetime_paid' && (
        <p className="text-sm font-semibold text-warning">{LIFETIME_PAYMENT_NOTE}</p>
      )}
      <Button variant="outline" className="w-fit" onClick={onAddAnother}>
        Add Another Email
      </Button>
    </div>
  );
}

/**
 * The waitlist form, wherever it appears: idle → pending (disabled, 'JOINING...') → success (tier
 * headline, position, 'Add Another Email') or an inline error. The browser checks the address
 * (type=email, required); the server decides, and its message is what the visitor reads. The field
 * is uncontrolled, so an address typed before the page's code arrived is kept; until then the button
 * is disabled, which also stops the browser from submitting the form by itself.
 */
export function WaitlistForm({
  signupSource,
  submitLabel = 'JOIN THE WAITLIST',
  defaultEmail,
  onSuccess,
  className,
}: WaitlistFormProps) {
  const emailRef = useRef<HTMLInputElement>(null);
  const [hasEmail, setHasEmail] = useState(false);
  const signUp = useSignUpForWaitlist();
  const ids = { email: useId(), error: useId() };
  const isSuccess = signUp.isSuccess;

  // Takes in whatever was typed before hydration (and starts empty after 'Add Another Email').
  useEffect(() => {
    if (!isSuccess) setHasEmail(Boolean(emailRef.current?.value.trim()));
  }, [isSuccess]);

  if (signUp.isSuccess) return <SignupSuccess result={signUp.data} onAddAnother={() => signUp.reset()} />;

  const isPending = signUp.isPending;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = emailRef.current?.value.trim() ?? '';
    if (!address || isPending) return;
    signUp.mutate(
      { email: address, signupSource },
      {
        onSuccess: (result) => {
          if (emailRef.current) emailRef.current.value = '';
          setHasEmail(false);
          onSuccess?.(result);
        },
      },
    );
  }

  return (
    <form className={cn('grid gap-2', className)} onSubmit={submit}>
      <Label htmlFor={ids.email}>Email address</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={ids.email}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@yourchannel.com"
          required
          defaultValue={defaultEmail}
          ref={emailRef}
          onChange={(event) => setHasEmail(event.target.value.trim() !== '')}
          disabled={isPending}
          aria-invalid={signUp.isError || undefined}
          aria-describedby={signUp.isError ? ids.error : undefined}
        />
        <Button type="submit" size="lg" className="sm:h-11" disabled={!hasEmail || isPending}>
          {isPending ? 'JOINING...' : submitLabel}
        </Button>
      </div>
      {signUp.isError && (
        <p id={ids.error} role="alert" className="text-sm font-semibold text-destructive">
          {describeError(signUp.error, SIGNUP_FAILED)}
        </p>
      )}
    </form>
  );
}
