import { type FigurePeriod, NAMED_PERIODS, type NamedPeriod, periodLabel } from '@common/screenshot-fields';
import type { Screenshot } from '@common/screenshots';
import { NativeSelect } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/api';
import { now } from '@/lib/clock';
import { useSetScreenshotPeriod } from '../api/set-period';

/** The calendar years a creator may pick: this one and the two before (screens "in 2025"). */
function recentYears(): FigurePeriod[] {
  const year = now().getFullYear();
  return [year, year - 1, year - 2].map((each) => `calendar_year:${each}` as const);
}

/**
 * The period a screenshot's figures cover, as read from the screen; the creator can say it where
 * the screen does not ("Not stated") or was read otherwise, and its figures are counted as that
 * period's.
 */
export function PeriodSelect({ screenshot }: { screenshot: Screenshot }) {
  const setting = useSetScreenshotPeriod();
  const current = screenshot.period as FigurePeriod;
  const options: FigurePeriod[] = [...(Object.keys(NAMED_PERIODS) as NamedPeriod[]), ...recentYears()];
  if (!options.includes(current)) options.unshift(current);
  const id = `${screenshot.id}-period`;

  async function choose(period: string) {
    try {
      await setting.mutateAsync({ id: screenshot.id, period });
    } catch (error) {
      toast({
        title: 'Period Not Saved',
        description: describeError(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor={id} className="text-muted-foreground">
        Period this screen covers
      </label>
      <NativeSelect
        id={id}
        className="h-9 w-auto"
        value={current}
        disabled={setting.isPending}
        onChange={(event) => choose(event.target.value)}
      >
        {options.map((period) => (
          <option key={period} value={period}>
            {periodLabel(period)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
