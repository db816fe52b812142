import { subscribePath } from '@common/plan-ids';
import { type FormEvent, type MouseEvent, useId } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { PlayIcon } from '@/components/ui/icons';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAuth } from '@/features/auth/public';
import { openWaitlistDialog, preloadWaitlistDialog } from '@/features/waitlist/public';
import { rememberAfterSignIn, rememberSignUpEmail } from '@/lib/after-sign-in';
import { useIsHydrated } from '@/lib/use-is-hydrated';
import { GUARANTEE, HERO } from '../content';
import { StatTiles } from './stat-tiles';

const BLUEPRINT_PURCHASE = subscribePath('blueprint');

/** The address typed in the hero's form, so the visitor never types it twice. */
function typedEmail(form: HTMLFormElement | null): string {
  return form?.email.value.trim() ?? '';
}

/**
 * Enter in the empty field opens nothing: the dialog empties the field once it has taken the address, so
 * a second Enter there would only open a second dialog. The buttons still open it empty.
 */
function joinWithTypedEmail(event: FormEvent<HTMLFormElement>) {
  event.preventDefault();
  const form = event.currentTarget;
  const email = typedEmail(form);
  if (email || document.activeElement !== form.email) openWaitlistDialog({ email });
}

/** `onWatchDemo` brings the strike demo into view and plays it again: only when the visitor asks. */
export function Hero({ onWatchDemo }: { onWatchDemo?: () => void }) {
  const emailId = useId();
  // Before React takes the prerendered page over, a submit would put the address in the URL.
  const isHydrated = useIsHydrated();
  const { user } = useAuth();
  const [, navigate] = useLocation();

  /**
   * Buying The Blueprint needs an account: signed out, a visitor here is most likely new, so this starts
   * account creation with the address they typed, and the purchase follows once the account is made.
   */
  function startBlueprint(event: MouseEvent<HTMLButtonElement>) {
    if (user) {
      navigate(BLUEPRINT_PURCHASE);
      return;
    }
    rememberSignUpEmail(typedEmail(event.currentTarget.form));
    rememberAfterSignIn(BLUEPRINT_PURCHASE);
    window.location.assign('/api/login?mode=create');
  }

  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[36rem] bg-[radial-gradient(ellipse_at_top,rgba(200,245,66,0.16),transparent_60%)]"
      />
      <div className="relative mx-auto grid max-w-6xl gap-10 px-4 pt-4 pb-16 sm:pt-10">
        <div className="grid max-w-4xl gap-6">
          <p className="w-fit rounded-full border border-primary/50 px-3 py-1 text-xs font-bold uppercase tracking-widest text-primary">
            {HERO.eyebrow}
          </p>
          <h1 className="font-display text-4xl font-black uppercase leading-[0.95] tracking-tight sm:text-6xl lg:text-7xl">
            {HERO.title}
          </h1>
          <p className="max-w-2xl text-lg text-muted-foreground sm:text-xl">{HERO.lead}</p>
        </div>

        <form
          onSubmit={joinWithTypedEmail}
          aria-label="Join the waitlist"
          className="grid max-w-4xl gap-4 rounded-xl border-2 bg-card p-5 sm:p-6"
        >
          <div className="grid gap-2">
            <Label htmlFor={emailId}>Your email</Label>
            <Input
              id={emailId}
              name="email"
              type="email"
              autoComplete="email"
              placeholder="you@yourchannel.com"
            />
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button size="lg" onClick={startBlueprint}>
              {HERO.blueprintButton}
            </Button>
            <Button size="lg" variant="outline" onClick={onWatchDemo}>
              <PlayIcon aria-hidden="true" />
              WATCH DEMO
            </Button>
            <Button
              type="submit"
              size="lg"
              variant="secondary"
              disabled={!isHydrated}
              onPointerEnter={preloadWaitlistDialog}
            >
              Join the free waitlist
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">
            {HERO.blueprintNote} {GUARANTEE}.
          </p>
        </form>

        <StatTiles />
      </div>
    </section>
  );
}
