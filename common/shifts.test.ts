import { describe, expect, it } from 'vitest';
import { draftShiftBulletin, ownFallSentence, sharedFallSentence, sinceLabel } from './shifts';

describe('how a shift is said', () => {
  it('names the weekday within the last six days, and the date before that', () => {
    // Thursday 26 November 2026.
    expect(sinceLabel('2026-11-24', '2026-11-26')).toBe('Tuesday');
    expect(sinceLabel('2026-11-25', '2026-11-26')).toBe('Wednesday');
    expect(sinceLabel('2026-11-20', '2026-11-26')).toBe('Friday');
    expect(sinceLabel('2026-11-19', '2026-11-26')).toBe('19 November 2026');
  });

  it('writes the alert sentences with the platform’s name', () => {
    expect(sharedFallSentence('youtube', '2026-11-24', '2026-11-26')).toBe(
      'Most YouTube creators on Ballast saw the same fall since Tuesday: this looks like a platform change, not your content.',
    );
    expect(ownFallSentence('tiktok')).toBe(
      "Other TikTok creators on Ballast held steady over the same days: this fall is yours, not the platform's.",
    );
  });

  it('drafts a high bulletin for a median fall of half or more, medium below, from aggregates only', () => {
    const shift = { platform: 'instagram' as const, startedOn: '2026-11-22', cohortSize: 40, fellCount: 30 };
    const deep = draftShiftBulletin({ ...shift, medianChange: -0.55 });
    expect(deep).toMatchObject({
      platform: 'instagram',
      severity: 'high',
      title: 'Instagram views fell for most creators from 22 November 2026',
    });
    expect(deep.description).toContain('30 of the 40 Instagram creators on Ballast we compared (75%)');
    expect(deep.description).toContain('their views typically fell by 55%');
    expect(draftShiftBulletin({ ...shift, medianChange: -0.4 }).severity).toBe('medium');
  });
});
