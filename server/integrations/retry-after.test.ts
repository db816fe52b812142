import { describe, expect, it } from 'vitest';
import { retryAfterSeconds } from './retry-after';

const answer = (headers: Record<string, string>) => ({ headers: new Headers(headers) });

describe('Retry-After', () => {
  it('reads seconds as they are', () => {
    expect(retryAfterSeconds(answer({ 'retry-after': ' 120 ' }))).toBe(120);
  });

  it("measures a date against the same answer's Date, whatever our clock says", () => {
    const headers = {
      date: 'Wed, 30 Jun 2027 23:59:30 GMT',
      'retry-after': 'Thu, 01 Jul 2027 00:01:00 GMT',
    };
    expect(retryAfterSeconds(answer(headers))).toBe(90);
    expect(retryAfterSeconds(answer({ ...headers, date: 'Thu, 01 Jul 2027 00:05:00 GMT' }))).toBe(0);
  });

  it('says nothing when there is nothing it can read', () => {
    expect(retryAfterSeconds(answer({}))).toBeUndefined();
    expect(retryAfterSeconds(answer({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterSeconds(answer({ 'retry-after': 'Thu, 01 Jul 2027 00:01:00 GMT' }))).toBeUndefined();
  });
});
