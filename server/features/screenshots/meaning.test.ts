import { describe, expect, it } from 'vitest';
import { dateRangeIn, detectPeriod, detectScope } from './meaning';

const TAKEN = new Date('2026-11-23T12:00:00Z');

describe('the period a screen states', () => {
  it.each([
    [['Channel analytics', 'Last 28 days', '26 Oct – 22 Nov 2026'], 'last_28_days'],
    [['Übersicht', 'Letzte 7 Tage'], 'last_7_days'],
    [['Statistiques', '7 derniers jours v', '17 nov. — 23 nov.'], 'last_7_days'],
    [['Followers', '25 Oct-23 Nov', 'Last 30 daysv'], 'last_30_days'],
    [['Estadísticas', 'Últimos 60 días v'], 'last_60_days'],
    [['Estadisticas', 'Ultimos 7 dias v'], 'last_7_days'],
    [['Análises', 'Últimos 28 dias v', '14 fev – 13 mar'], 'last_28_days'],
    [['Analisi', 'Ultimi 60 giorni v', '8 gen – 8 mar'], 'last_60_days'],
    [['Personalizzato v', '1 feb – 28 feb', 'Views 48K'], 'custom_range:2026-02-01/2026-02-28'],
    [['Personalizado v', '3 set – 9 out', 'Views 48K'], 'custom_range:2026-09-03/2026-10-09'],
    [['Your estimated revenue in 2025', '£1,030.00'], 'calendar_year:2025'],
    [['Revenue', '2026 ⌄', 'Jan 1 – Nov 23, 2026'], 'calendar_year:2026'],
    [['Lifetime', 'Views 1.2M'], 'lifetime'],
    [['Oct 25 – Nov 22', 'Views 48K'], 'custom_range:2026-10-25/2026-11-22'],
    [['Post insights', 'Likes 402'], 'unknown'],
    [['Estimated revenue', '£12,408.66', 'Last 90 day'], 'last_90_days'],
    [['£12,408.66', '↓ 8% less than previous 90 days'], 'last_90_days'],
    [['Oct 25 – Nov 22', '↑ 4% more than previous 28 days'], 'custom_range:2026-10-25/2026-11-22'],
    [['Follower insgesamt', '+1.234 Netto-Follower ggü. den vorherigen 28 Tagen'], 'last_28_days'],
  ])('reads %j as %s', (lines, period) => {
    expect(detectPeriod(lines, TAKEN)).toBe(period);
  });

  it('gives a range without its year the year it ended on or before the day of the screenshot', () => {
    expect(dateRangeIn('2 Dec – 30 Dec', TAKEN)).toBe('custom_range:2025-12-02/2025-12-30');
    expect(dateRangeIn('15 Dec – 12 Jan', TAKEN)).toBe('custom_range:2025-12-15/2026-01-12');
    expect(dateRangeIn('26 Oct 2025 – 22 Nov 2025', TAKEN)).toBe('custom_range:2025-10-26/2025-11-22');
  });

  it('reads months as German, French and Spanish shorten them, umlauts and accents perhaps lost', () => {
    expect(dateRangeIn('1. Marz - 20. Marz', TAKEN)).toBe('custom_range:2026-03-01/2026-03-20');
    expect(dateRangeIn('1. März – 20. März', TAKEN)).toBe('custom_range:2026-03-01/2026-03-20');
    expect(dateRangeIn('21 janv. — 21 mars', TAKEN)).toBe('custom_range:2026-01-21/2026-03-21');
    expect(dateRangeIn('1 févr. – 28 févr.', TAKEN)).toBe('custom_range:2026-02-01/2026-02-28');
    expect(dateRangeIn('3 ene – 2 abr', TAKEN)).toBe('custom_range:2026-01-03/2026-04-02');
    expect(dateRangeIn('1 juil. – 30 août', TAKEN)).toBe('custom_range:2026-07-01/2026-08-30');
  });

  it('reads a change against the previous days wrapped in a narrow card, its "days" a line of its own', () => {
    const card = ['Post views', '4.7M', '+71.2% vs. previous 28', '+17%'];
    expect(detectPeriod([...card, 'days'], TAKEN)).toBe('last_28_days');
    expect(detectPeriod(card, TAKEN)).toBe('unknown');
  });

  it('reads a day OCR ran into its month, but takes no count of days for a date', () => {
    expect(dateRangeIn('3 janv. — 31janv.', TAKEN)).toBe('custom_range:2026-01-03/2026-01-31');
    expect(dateRangeIn('1feb - 28 feb', TAKEN)).toBe('custom_range:2026-02-01/2026-02-28');
    expect(dateRangeIn('1févr. — 28 févr', TAKEN)).toBe('custom_range:2026-02-01/2026-02-28');
    expect(dateRangeIn('7days - 28days', TAKEN)).toBeNull();
  });
});

describe('whose figures a screen shows', () => {
  it("is one post's only when a title says so, not a link on a dashboard", () => {
    expect(detectScope(['9:41', 'Reel insights', 'Plays 12.3K'])).toBe('post');
    expect(detectScope(['Channel dashboard', 'Go to video analytics'])).toBe('account');
  });
});
