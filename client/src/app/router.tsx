import { Route, Switch } from 'wouter';
import { Button } from '@/components/ui/button';

function Home() {
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col items-start justify-center gap-6 px-6">
      <p className="text-sm font-bold uppercase tracking-widest text-primary">Ballast</p>
      <h1 className="font-display text-4xl font-black uppercase leading-none tracking-tight sm:text-6xl">
        Protect your income from the next algorithm change
      </h1>
      <p className="text-lg text-muted-foreground">
        Early warning, a diagnosis of how exposed your income is, and a 30-day plan to diversify it.
      </p>
      <Button asChild size="lg">
        <a href="/api/login">Get started</a>
      </Button>
    </main>
  );
}

function NotFound() {
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col justify-center gap-4 px-6">
      <p className="font-display text-7xl font-black text-primary">404</p>
      <h1 className="text-3xl font-black uppercase">PAGE NOT FOUND</h1>
    </main>
  );
}

export function Router() {
  return (
    <Switch>
      <Route path="/" component={Home} />
      <Route component={NotFound} />
    </Switch>
  );
}
