import type { HealthCheck } from '@common/health-check';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatPounds } from '@/lib/format';
import { cn } from '@/lib/utils';

const PRIORITY_STYLES = {
  high: 'bg-destructive text-destructive-foreground',
  medium: 'bg-warning text-primary-foreground',
  low: 'bg-muted text-foreground',
} as const;

/** Shown before "more": the five with the most money at stake. */
export const RECOMMENDATIONS_SHOWN = 5;

/**
 * The recommendations, most pounds at stake first (the server's order), each with the sum it protects
 * or is worth; beyond five, the rest wait behind "Show N more".
 */
export function RecommendationsList({ result }: { result: HealthCheck }) {
  const [isAll, setIsAll] = useState(false);
  const list = result.recommendations;
  const shown = isAll ? list : list.slice(0, RECOMMENDATIONS_SHOWN);
  const hidden = list.length - shown.length;
  return (
    <section aria-labelledby="recommendations" className="grid gap-3">
      <h2 id="recommendations" className="text-xl font-bold">
        Recommendations
      </h2>
      {list.length > 1 && (
        <p className="text-sm text-muted-foreground">In order of the money at stake, the largest first.</p>
      )}
      <ol className="grid gap-3" id="recommendation-list">
        {shown.map((item) => (
          <li key={item.title}>
            <Card className="grid gap-2 p-5">
              <div className="flex flex-wrap items-center gap-3">
                <span
                  className={cn(
                    'rounded px-2 py-0.5 text-xs font-black uppercase',
                    PRIORITY_STYLES[item.priority],
                  )}
                >
                  {item.priority} priority
                </span>
                <h3 className="font-bold">{item.title}</h3>
              </div>
              <p className="text-muted-foreground">{item.description}</p>
              {item.atStake && (
                <p className="text-sm font-semibold" data-testid="at-stake">
                  {formatPounds(item.atStake)} a month at stake
                </p>
              )}
            </Card>
          </li>
        ))}
      </ol>
      {(hidden > 0 || isAll) && list.length > RECOMMENDATIONS_SHOWN && (
        <Button
          variant="outline"
          className="justify-self-start"
          aria-expanded={isAll}
          aria-controls="recommendation-list"
          onClick={() => setIsAll((all) => !all)}
        >
          {isAll ? 'Show the top five only' : `Show ${hidden} more`}
        </Button>
      )}
    </section>
  );
}
