import { metricLabel } from '@common/platform-names';
import { FIGURE_DOUBTS, figureName, understoodAs } from '@common/screenshot-fields';
import type { Screenshot, ScreenshotMetric } from '@common/screenshots';
import { PencilIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/api';
import { useConfirmMetric } from '../api/confirm-metric';
import { useCorrectMetric } from '../api/correct-metric';

/** How a figure that is not a total is told apart from the metric's total, in a button's name. */
const KIND_WORDS = { total: '', change: ' change', realtime: ' (realtime)' } as const;

/**
 * One figure read from a screenshot: a misread one can be corrected, and one read with little
 * confidence asks to be checked (confirmed or corrected) before it counts.
 */
export function MetricRow({ screenshot, metric }: { screenshot: Screenshot; metric: ScreenshotMetric }) {
  const [isEditing, setEditing] = useState(false);
  const [value, setValue] = useState(metric.shown);
  const correction = useCorrectMetric();
  const confirmation = useConfirmMetric();
  const name = metricLabel(metric.key);
  // Its address, and its field's id: a screen may give a metric's total and its change.
  const figure = figureName(metric);
  const onFile = ` ${name}${KIND_WORDS[metric.kind]} on ${screenshot.fileName}`;

  async function save(event: FormEvent) {
    event.preventDefault();
    try {
      const saved = await correction.mutateAsync({ id: screenshot.id, key: figure, value });
      setEditing(false);
      const now = saved.metrics.find((each) => figureName(each) === figure);
      toast({
        title: 'Figure Corrected',
        description: `${name} on ${screenshot.fileName} is now ${now?.shown ?? value.trim()}.`,
      });
    } catch (error) {
      toast({
        title: 'Correction Failed',
        description: describeError(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  }

  async function confirm() {
    try {
      await confirmation.mutateAsync({ id: screenshot.id, key: figure });
      toast({
        title: 'Figure Confirmed',
        description: `${name} on ${screenshot.fileName}: ${metric.shown} counts from now.`,
      });
    } catch (error) {
      toast({
        title: 'Not Confirmed',
        description: describeError(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  }

  if (isEditing) {
    return (
      <li>
        <form onSubmit={save} className="flex flex-wrap items-center gap-2">
          <label className="text-sm font-semibold" htmlFor={`${screenshot.id}-${figure}`}>
            {name}
          </label>
          <Input
            id={`${screenshot.id}-${figure}`}
            autoComplete="off"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            className="h-9 w-40"
          />
          <Button type="submit" size="sm" disabled={correction.isPending || value.trim() === ''}>
            Save
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </form>
      </li>
    );
  }
  if (metric.needsCheck) {
    return (
      <li className="grid gap-1 rounded-md border border-dashed p-2 text-sm" data-testid="check-figure">
        <p className="text-xs font-bold uppercase text-muted-foreground">Check this figure</p>
        {metric.doubt !== null && (
          <p className="text-xs text-muted-foreground">{FIGURE_DOUBTS[metric.doubt]}</p>
        )}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span>
            {name}: <FigureText metric={metric} />
          </span>
          <span className="flex gap-2">
            <Button type="button" size="sm" onClick={confirm} disabled={confirmation.isPending}>
              Confirm<span className="sr-only">{onFile}</span>
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setEditing(true)}>
              Correct<span className="sr-only">{onFile}</span>
            </Button>
          </span>
        </div>
      </li>
    );
  }
  return (
    <li className="flex items-center justify-between gap-3 text-sm">
      <span>
        {name}: <FigureText metric={metric} />
        {metric.isCorrected && <span className="text-muted-foreground"> (corrected)</span>}
      </span>
      <button
        type="button"
        className="rounded-sm p-1 text-muted-foreground hover:text-foreground"
        onClick={() => setEditing(true)}
      >
        <PencilIcon className="size-4" aria-hidden="true" />
        <span className="sr-only">Correct{onFile}</span>
      </button>
    </li>
  );
}

/**
 * The figure as read, saying when it is a change over the screen's period rather than a total, and the
 * change the screen states beside it, so that a creator checking it sees what the alerts would use.
 */
function FigureText({ metric }: { metric: ScreenshotMetric }) {
  // A change keeps its sign, as the screen printed it ("+311", "−18").
  const sign = metric.kind === 'change' && /^\d/.test(metric.shown) ? (metric.value < 0 ? '−' : '+') : '';
  // The number it counts as, where the screen printed it short or otherwise ("1,1 Mln").
  const understood = understoodAs(metric);
  return (
    <>
      <span className="font-bold tabular-nums">
        {sign}
        {metric.shown}
      </span>
      {understood !== null && (
        <span className="text-muted-foreground">
          {' '}
          (read as {metric.kind === 'change' && metric.value >= 0 ? '+' : metric.value < 0 ? '−' : ''}
          {understood})
        </span>
      )}
      {metric.kind === 'change' && <span className="text-muted-foreground"> (change in the period)</span>}
      {metric.kind === 'realtime' && (
        <span className="text-muted-foreground"> (realtime, not the period’s total)</span>
      )}
      {metric.statedChange !== null && (
        <span className="text-muted-foreground">
          {' '}
          ({metric.statedChange < 0 ? '↓' : '↑'} {Math.abs(metric.statedChange).toLocaleString('en-GB')}% on
          the period before, as the screen states)
        </span>
      )}
    </>
  );
}
