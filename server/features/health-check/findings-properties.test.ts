import { REVENUE_SOURCES } from '@common/revenue';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PaidBy } from '../revenue/public';
import { readBooks } from './findings';

const lineArb: fc.Arbitrary<PaidBy> = fc.record({
  source: fc.constantFrom(...REVENUE_SOURCES),
  payer: fc.option(fc.constantFrom('Northlight', 'Brightwave', 'Amazon Associates', 'Acme', 'Orbit'), {
    nil: null,
  }),
  currency: fc.constantFrom('GBP', 'USD', 'EUR'),
  pence: fc.integer({ min: 1, max: 10_000_000 }),
});
const booksArb = fc.array(lineArb, { minLength: 1, maxLength: 12 });

const read = (paidBy: PaidBy[]) => readBooks({ paidBy, months: 3, shares: [], liveFalls: [], audience: [] });

describe('what the books show, for any books', () => {
  it('splitting a payer’s money between two payers never raises concentration', () => {
    fc.assert(
      fc.property(
        booksArb,
        fc.nat(),
        fc.double({ min: 0.01, max: 0.99, noNaN: true }),
        (books, pick, part) => {
          const index = pick % books.length;
          const line = books[index]!;
          fc.pre(line.payer !== null && line.pence >= 2);
          const kept = Math.max(1, Math.floor(line.pence * part));
          const split = [
            ...books.slice(0, index),
            { ...line, pence: kept },
            { ...line, payer: `${line.payer} (second)`, pence: line.pence - kept },
            ...books.slice(index + 1),
          ];
          const before = read(books).payers;
          const after = read(split).payers;
          expect(after.hhi).toBeLessThanOrEqual(before.hhi + 1e-12);
          expect(after.largest?.share ?? 0).toBeLessThanOrEqual((before.largest?.share ?? 0) + 1e-12);
        },
      ),
    );
  });

  it('adding a new payer no larger than the largest never raises the largest payer’s share', () => {
    fc.assert(
      fc.property(booksArb, fc.double({ min: 0, max: 1, noNaN: true }), (books, size) => {
        const before = read(books).payers;
        fc.pre(before.largest !== null);
        const total = books.reduce((sum, line) => sum + line.pence, 0);
        const pence = Math.max(1, Math.floor(before.largest!.share * total * size));
        const after = read([
          ...books,
          { source: 'brand_deals', payer: 'A new brand', currency: 'GBP', pence },
        ]);
        expect(after.payers.largest!.share).toBeLessThanOrEqual(before.largest!.share + 1e-12);
      }),
    );
  });

  it('money moved from pounds into dollars never lowers the exposure by currency', () => {
    fc.assert(
      fc.property(booksArb, fc.nat(), (books, pick) => {
        const index = pick % books.length;
        fc.pre(books[index]!.currency === 'GBP');
        const moved = books.map((line, at) => (at === index ? { ...line, currency: 'USD' } : line));
        const before = read(books).currency;
        const after = read(moved).currency;
        expect(after.foreignShare).toBeGreaterThan(before.foreignShare);
        expect(after.tenPercentMovePence).toBeGreaterThanOrEqual(before.tenPercentMovePence);
        expect(after.tenPercentMovePence).toBeLessThanOrEqual(Math.ceil(after.foreignPencePerMonth * 0.1));
      }),
    );
  });

  it('shares stay between 0 and 1, and all in pounds is no exposure at all', () => {
    fc.assert(
      fc.property(booksArb, (books) => {
        const { payers, currency } = read(books);
        for (const share of [
          payers.hhi,
          payers.namedShare,
          payers.largest?.share ?? 0,
          currency.foreignShare,
        ]) {
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(1 + 1e-12);
        }
        const pounds = read(books.map((line) => ({ ...line, currency: 'GBP' }))).currency;
        expect(pounds).toMatchObject({ foreignShare: 0, tenPercentMovePence: 0, currencies: [] });
      }),
    );
  });

  it('an audience is untapped only on a platform that pays nothing', () => {
    fc.assert(
      fc.property(
        fc.subarray(['youtube', 'instagram', 'tiktok'] as const),
        fc.integer({ min: 0, max: 500_000 }),
        (paying, followers) => {
          const shares = paying.map((platform) => ({
            source: 'brand_deals' as const,
            label: 'Brand Deals',
            share: 1 / paying.length,
            pence: 100,
            platform,
          }));
          const audience = ['youtube', 'instagram', 'tiktok'].map((platform) => ({ platform, followers }));
          const { untapped } = readBooks({ paidBy: [], months: 3, shares, liveFalls: [], audience });
          for (const each of untapped) expect(paying).not.toContain(each.platform);
          if (shares.length > 0 && followers >= 1_000) expect(untapped).toHaveLength(3 - paying.length);
        },
      ),
    );
  });
});
