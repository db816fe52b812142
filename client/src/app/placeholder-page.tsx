import type { ReactNode } from 'react';

/** Stands in for a screen that is not built yet, saying plainly what it will hold. */
export function PlaceholderPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-16">
      <h1 className="font-display text-3xl font-black uppercase tracking-tight sm:text-4xl">{title}</h1>
      <div className="mt-4 text-lg text-muted-foreground">{children}</div>
    </main>
  );
}
