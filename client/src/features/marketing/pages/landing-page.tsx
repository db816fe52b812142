import { Button } from '@/components/ui/button';
import { openWaitlistDialog } from '@/features/waitlist/waitlist-dialog-store';

export function LandingPage() {
  return (
    <main className="mx-auto flex w-full max-w-4xl flex-1 flex-col items-start justify-center gap-6 px-4 py-16">
      <p className="text-sm font-bold uppercase tracking-widest text-primary">
        Income protection for creators
      </p>
      <h1 className="font-display text-4xl font-black uppercase leading-none tracking-tight sm:text-6xl">
        Protect your income from the next algorithm change
      </h1>
      <p className="text-lg text-muted-foreground">
        Early warning, a diagnosis of how exposed your income is, and a 30-day plan to diversify it.
      </p>
      <Button size="lg" onClick={openWaitlistDialog}>
        Join the waitlist
      </Button>
    </main>
  );
}
