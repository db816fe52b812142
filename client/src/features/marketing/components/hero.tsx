import { subscribePath } from '@common/plans';
import { useId } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { PlayIcon } from '@/components/ui/icons';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAuth } from '@/features/auth/api/get-user';
import { JoinWaitlistButton } from '@/features/waitlist/components/join-waitlist-button';
import { rememberAfterSignIn } from '@/lib/after-sign-in';
import { GUARANTEE, HERO } from '../content';
import { StatTiles } from './stat-tiles';

const BLUEPRINT_PURCHASE = subscribePath('blueprint');

function watchDemo() {
  // No demo video yet: the click is only recorded, as the spec asks.
  console.info('[ballast] WATCH DEMO clicked');
}

export function Hero() {
  const ids = { email: useId(), channel: useId() };
  const { user } = useAuth();
  const [, navigate] = useLocation();

  /** Buying The Blueprint needs an account: signed out, sign in first and come back to the purchase. */
  function startBlueprint() {
    if (user) {
      navigate(BLUEPRINT_PURCHASE);
      return;
    }
    rememberAfterSignIn(BLUEPRINT_PURCHASE);
    window.location.assign('/api/login');
  }

  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[36rem] bg-[radial-gradient(ellipse_at_top,rgba(200,245,66,0.16),transparent_60%)]"
      />
      <div className="relative mx-auto grid max-w-6xl gap-10 px-4 pt-14 pb-16 sm:pt-20">
        <div className="grid max-w-4xl gap-6">
          <p className="w-fit rounded-full border border-primary/50 px-3 py-1 text-xs font-bold uppercase tracking-widest text-primary">
            {HERO.eyebrow}
          </p>
          <h1 className="font-display text-4xl font-black uppercase leading-[0.95] tracking-tight sm:text-6xl lg:text-7xl">
            {HERO.title}
          </h1>
          <p className="max-w-2xl text-lg text-muted-foreground sm:text-xl">{HERO.lead}</p>
        </div>

        {/* These fields only hint at what the Blueprint asks for; nothing is sent from here. */}
        <div className="grid max-w-4xl gap-4 rounded-xl border-2 bg-card p-5 sm:p-6">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={ids.email}>Your email</Label>
              <Input id={ids.email} type="email" autoComplete="email" placeholder="you@yourchannel.com" />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids.channel}>Your channel URL</Label>
              <Input id={ids.channel} type="url" inputMode="url" placeholder="youtube.com/@yourchannel" />
            </div>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button size="lg" onClick={startBlueprint}>
              {HERO.blueprintButton}
            </Button>
            <Button size="lg" variant="outline" onClick={watchDemo}>
              <PlayIcon aria-hidden="true" />
              WATCH DEMO
            </Button>
            <JoinWaitlistButton variant="secondary">Join the free waitlist</JoinWaitlistButton>
          </div>
          <p className="text-sm text-muted-foreground">
            {HERO.blueprintNote} {GUARANTEE}.
          </p>
        </div>

        <StatTiles />
      </div>
    </section>
  );
}
