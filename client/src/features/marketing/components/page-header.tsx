import type { ReactNode } from 'react';

/** The opening of a content page: eyebrow, the page's one h1, and a lead paragraph. */
export function PageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <header className="grid gap-4">
      <p className="text-sm font-bold uppercase tracking-widest text-accent">{eyebrow}</p>
      <h1 className="font-display text-4xl font-black uppercase leading-none tracking-tight sm:text-6xl">
        {title}
      </h1>
      {children && <div className="max-w-3xl text-lg text-muted-foreground">{children}</div>}
    </header>
  );
}
