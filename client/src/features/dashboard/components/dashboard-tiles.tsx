import { ActivityIcon, ArrowUpRightIcon, MapIcon, PoundSterlingIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card } from '@/components/ui/card';

const SHORTCUTS = [
  { href: '/health-check', label: 'Health Check', note: 'Score your exposure', Icon: ActivityIcon },
  { href: '/blueprint', label: 'Blueprint', note: 'Your 30-day plan', Icon: MapIcon },
  { href: '/dashboard', label: 'Revenue', note: 'Track every stream', Icon: PoundSterlingIcon },
  { href: '/subscribe', label: 'Upgrade', note: 'Real-time alerts', Icon: ArrowUpRightIcon },
] as const;

/** Four shortcuts to the screens (docs/product/app.md#creator-dashboard). */
export function Shortcuts() {
  return (
    <nav aria-label="Shortcuts">
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {SHORTCUTS.map(({ href, label, note, Icon }) => (
          <li key={href}>
            <Link
              href={href}
              className="flex h-full items-center gap-3 rounded-lg border-2 bg-card px-4 py-3 transition-colors hover:border-primary"
            >
              <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
              <span>
                <span className="block font-bold">{label}</span>
                <span className="block text-xs text-muted-foreground">{note}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Tile({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <Card className="p-5">
      <h2 className="text-sm font-bold tracking-wide text-muted-foreground uppercase">{label}</h2>
      <p className="mt-2 font-display text-3xl font-black tabular-nums">{value}</p>
      {children && <div className="mt-2">{children}</div>}
    </Card>
  );
}
