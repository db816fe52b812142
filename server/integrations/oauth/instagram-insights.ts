import { addDays } from '@common/calendar';
import type { Config } from '../../config';
import { DAY_MS, type DayFigures, type DayRange, dayStart } from './analytics';
import { call, numberOrNull, ProviderError, urlFor } from './http';

type InsightsAnswer = {
  data?: {
    name: string;
    period?: string;
    values?: { value: number; end_time: string }[];
    total_value?: { value: number };
  }[];
};

/** Instagram keeps account insights for 30 days back. */
export const INSTAGRAM_HISTORY_DAYS = 30;

/**
 * Instagram API with Instagram Login, /{ig-user-id}/insights with period=day: reach and new followers
 * as daily time series (each value's end_time closes the day it counts), and views, which Instagram
 * gives only as a total over a range, asked for one day at a time. follower_count is asked on its own:
 * Instagram refuses it for accounts under 100 followers, and that refusal must not cost the rest.
 */
export async function readInstagramDays(
  config: Config,
  accessToken: string,
  igUserId: string,
  range: DayRange,
): Promise<DayFigures[]> {
  const insights = (params: Record<string, string>) => {
    const url = new URL(urlFor(config, `https://graph.instagram.com/${igUserId}/insights`));
    url.search = new URLSearchParams({ ...params, period: 'day', access_token: accessToken }).toString();
    return call<InsightsAnswer>('Instagram insights', url.toString());
  };
  const seconds = (day: string) => String(dayStart(day) / 1000);
  const byDay = new Map<string, Record<string, number>>();
  const put = (day: string, metric: string, value: number) =>
    byDay.set(day, { ...byDay.get(day), [metric]: value });

  const readSeries = async (metric: string, name: string) => {
    const series = await insights({
      metric,
      since: seconds(range.from),
      until: seconds(addDays(range.to, 1)),
    });
    for (const point of series.data?.find((item) => item.name === metric)?.values ?? []) {
      const day = new Date(Date.parse(point.end_time) - DAY_MS).toISOString().slice(0, 10);
      const value = numberOrNull(point.value);
      if (value !== null && day >= range.from && day <= range.to) put(day, name, value);
    }
  };
  await readSeries('reach', 'reach');
  await readSeries('follower_count', 'new_followers').catch((error: unknown) => {
    // Refused as a request (not throttled, not a refused token): the account is too small for it.
    if (!(error instanceof ProviderError && error.kind === 'failed' && error.status === 400)) throw error;
  });
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const total = await insights({
      metric: 'views',
      metric_type: 'total_value',
      since: seconds(day),
      until: seconds(addDays(day, 1)),
    });
    const value = numberOrNull(total.data?.find((metric) => metric.name === 'views')?.total_value?.value);
    if (value !== null) put(day, 'views', value);
  }
  return [...byDay].sort(([a], [b]) => a.localeCompare(b)).map(([day, values]) => ({ day, values }));
}
