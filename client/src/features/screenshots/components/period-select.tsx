import { type FigurePeriod, NAMED_PERIODS, type NamedPeriod, periodLabel } from '@common/screenshot-fields';
import type { Screenshot } from '@common/screenshots';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/api';
import { now } from '@/lib/clock';
import { useSetScreenshotPeriod } from '../api/set-period';

/** The choice that asks for the dates themselves. */
const CUSTOM = 'other_dates';

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
  // The dates the screen stated stay choosable after the creator picks another period, as does the
  // range chosen now.
  for (const period of [screenshot.readPeriod as FigurePeriod | null, current])
    if (period !== null && !options.includes(period)) options.unshift(period);
  const [isCustom, setCustom] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const id = `${screenshot.id}-period`;

  async function choose(period: string) {
    if (period === CUSTOM) {
      setCustom(true);
      return;
    }
    try {
      await setting.mutateAsync({ id: screenshot.id, period });
      setCustom(false);
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
        <option value={CUSTOM}>Other dates…</option>
      </NativeSelect>
      {isCustom && (
        <form
          className="flex flex-wrap items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void choose(`custom_range:${from}/${to}`);
          }}
        >
          <label htmlFor={`${id}-from`}>From</label>
          <Input
            id={`${id}-from`}
            type="date"
            required
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            className="h-9 w-auto"
          />
          <label htmlFor={`${id}-to`}>to</label>
          <Input
            id={`${id}-to`}
            type="date"
            required
            min={from}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            className="h-9 w-auto"
          />
          <Button type="submit" size="sm" disabled={setting.isPending}>
            Save dates
          </Button>
        </form>
      )}
    </div>
  );
}
