import {
  figureName,
  GENERAL_READER,
  NO_FIGURES_FOUND,
  NOTHING_READ,
  readAs,
} from '@common/screenshot-fields';
import type { Screenshot } from '@common/screenshots';
import { Card } from '@/components/ui/card';
import { useScreenshots } from '../api/get-screenshots';
import { MetricRow } from './metric-row';
import { PeriodSelect } from './period-select';
import { TypeFiguresForm } from './type-figures-form';

const STATUS_LABELS = {
  pending: 'Analysing...',
  analysed: 'Read',
  no_figures: 'No figures found',
  failed: 'Could not read',
} as const;

/** The lines read from a screen without figures: enough to tell another screen from a misread one. */
function SeenLines({ screenshot }: { screenshot: Screenshot }) {
  if (screenshot.seenLines.length === 0) return null;
  const id = `${screenshot.id}-seen`;
  return (
    <div className="grid gap-1 text-sm">
      <p id={id} className="text-muted-foreground">
        What we saw:
      </p>
      <ul aria-labelledby={id} className="grid gap-0.5 rounded-sm bg-muted px-2 py-1 font-mono text-xs">
        {screenshot.seenLines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
          <li key={index} className="truncate">
            {line}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What was read from each recent screenshot; a misread figure can be corrected. */
export function ScreenshotList() {
  const screenshots = useScreenshots();
  if (!screenshots.data || screenshots.data.length === 0) return null;
  return (
    <section aria-labelledby="screenshot-results" className="grid gap-3">
      <h3 id="screenshot-results" className="font-bold">
        Your screenshots
      </h3>
      <ul className="grid gap-3 md:grid-cols-2">
        {screenshots.data.map((screenshot) => (
          // A grid's track and a flex item are as wide as their content unless allowed to shrink: a
          // long file name is cut short with an ellipsis instead of widening the card past a phone's edge.
          <li key={screenshot.id} className="min-w-0">
            <Card className="grid grid-cols-1 gap-2 p-4" data-testid="screenshot">
              <div className="flex items-center justify-between gap-2">
                <span className="min-w-0 truncate font-semibold">{screenshot.fileName}</span>
                <span className="shrink-0 text-xs font-bold uppercase text-muted-foreground" role="status">
                  {STATUS_LABELS[screenshot.status]}
                </span>
              </div>
              {screenshot.status === 'failed' && (
                <>
                  <p className="font-semibold">{NOTHING_READ}</p>
                  <TypeFiguresForm screenshot={screenshot} />
                </>
              )}
              {screenshot.status === 'no_figures' && (
                <>
                  <p className="font-semibold">{NO_FIGURES_FOUND}</p>
                  <SeenLines screenshot={screenshot} />
                  <TypeFiguresForm screenshot={screenshot} />
                </>
              )}
              <LayoutNote screenshot={screenshot} />
              {screenshot.metrics.length > 0 && <PeriodSelect screenshot={screenshot} />}
              {screenshot.metrics.some((metric) => metric.scope === 'post') && (
                <p className="text-sm text-muted-foreground">
                  One post’s figures: kept here, not counted as your account’s.
                </p>
              )}
              {screenshot.metrics.length > 0 && (
                <ul className="grid gap-1">
                  {screenshot.metrics.map((metric) => (
                    <MetricRow key={figureName(metric)} screenshot={screenshot} metric={metric} />
                  ))}
                </ul>
              )}
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Which screen the reader took it for, or that it knew none: a screen read without a layout is the
 * one whose figures most need the creator's eye. Nothing for figures the creator typed herself.
 */
function LayoutNote({ screenshot }: { screenshot: Screenshot }) {
  const wasRead =
    screenshot.status === 'no_figures' ||
    (screenshot.status === 'analysed' && screenshot.metrics.some((metric) => !metric.isCorrected));
  if (!wasRead) return null;
  return (
    <p className="text-sm text-muted-foreground" data-testid="screenshot-layout">
      {screenshot.layout ? readAs(screenshot.layout.name) : GENERAL_READER}
    </p>
  );
}
