import { useId } from 'react';
import { JoinWaitlistButton } from '@/features/waitlist/public';
import { cn } from '@/lib/utils';
import { PageHeader } from '../components/page-header';
import { PRIORITIES, ROLLOUT } from '../content';
import { AVAILABLE_NOW, TOOLS, type Tool } from '../tools';

/**
 * "Available now" for a tool that works in the app today; otherwise when it ships, as a visitor reads it.
 * Priorities are how we order the work; the page says what they mean for the visitor (which release) and
 * never shows the internal label.
 */
function ReleaseLabel({ tool }: { tool: Tool }) {
  return (
    <span
      className={cn(
        'w-fit rounded-sm px-2 py-0.5 text-xs font-black uppercase tracking-widest',
        tool.isAvailable ? 'bg-primary text-primary-foreground' : 'bg-secondary text-secondary-foreground',
      )}
    >
      {tool.isAvailable ? AVAILABLE_NOW : ROLLOUT[tool.priority]}
    </span>
  );
}

export function FeaturesPage() {
  const ids = { tools: useId(), rollout: useId() };
  return (
    <main className="mx-auto grid w-full max-w-6xl flex-1 gap-16 px-4 py-14 sm:py-20">
      <PageHeader eyebrow="Features" title="Ten tools. One job: income no algorithm can switch off.">
        <p>
          Built in the order creators asked for them. Waitlist members get the first four before anyone else.
        </p>
      </PageHeader>

      <section aria-labelledby={ids.tools} className="grid gap-6">
        <h2 id={ids.tools} className="sr-only">
          The tools
        </h2>
        <ul className="grid gap-4 md:grid-cols-2">
          {TOOLS.map((tool) => (
            <li key={tool.name} className="grid content-start gap-3 rounded-lg border bg-card p-6">
              <ReleaseLabel tool={tool} />
              <h3 className="text-xl font-extrabold">{tool.name}</h3>
              <p>{tool.benefit}</p>
              <p className="text-sm text-muted-foreground">
                <span className="font-semibold text-foreground">Technology: </span>
                {tool.technology}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={ids.rollout} className="grid gap-6">
        <h2
          id={ids.rollout}
          className="font-display text-3xl font-black uppercase tracking-tight sm:text-4xl"
        >
          Rollout schedule
        </h2>
        <ol className="grid gap-4 md:grid-cols-3">
          {PRIORITIES.map((priority) => {
            const count = TOOLS.filter((tool) => tool.priority === priority).length;
            return (
              <li key={priority} className="grid content-start gap-2 rounded-lg border-2 bg-card p-6">
                <p className="font-display text-2xl font-black">{ROLLOUT[priority]}</p>
                <p className="text-muted-foreground">
                  {count} {count === 1 ? 'feature' : 'features'}
                </p>
              </li>
            );
          })}
        </ol>
        <JoinWaitlistButton className="w-fit">Get the first four</JoinWaitlistButton>
      </section>
    </main>
  );
}
