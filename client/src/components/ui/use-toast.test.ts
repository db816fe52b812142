import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts, TOAST_REMOVE_DELAY_MS, toast } from './use-toast';

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows one at a time: a new toast replaces the visible one', () => {
    toast({ title: 'Revenue Added' });
    toast({ title: 'Progress Updated' });
    expect(getToasts().map((shown) => shown.title)).toEqual(['Progress Updated']);
  });

  it('closes a dismissed toast at once and removes it after 1000000 ms', () => {
    vi.useFakeTimers();
    const shown = toast({ title: 'Platform Disconnected' });
    shown.dismiss();
    expect(getToasts()).toEqual([expect.objectContaining({ id: shown.id, open: false })]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toEqual([]);
  });
});
