import { describe, expect, it } from 'vitest';
import { SIGNED_IN_PAGE_NAMES } from './remember-page';
import { SIGNED_IN_PAGE } from './take-after-sign-in';

describe('a signed-in page remembered from its not-found page', () => {
  it('is one the sign-in returns to, for every page the not-found page names', () => {
    const named = Object.keys(SIGNED_IN_PAGE_NAMES);
    expect(named.filter((path) => !SIGNED_IN_PAGE.test(path))).toEqual([]);
    // And the sign-in returns to no page the not-found page would not offer.
    for (const path of ['/dashboard', '/health-check', '/blueprint', '/settings']) {
      expect(named).toContain(path);
    }
  });

  it('is never another site, another page or a page with a query', () => {
    for (const path of [
      '//evil.example/dashboard',
      '/admin',
      '/dashboard?next=//evil.example',
      '/dashboard/',
      'https://evil.example',
    ]) {
      expect(SIGNED_IN_PAGE.test(path), path).toBe(false);
    }
  });
});
