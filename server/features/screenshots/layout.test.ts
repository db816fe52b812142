import { describe, expect, it } from 'vitest';
import type { OcrWord } from '../../integrations/ocr/reader';
import { ocrLine as line, locate, readFigures } from './test-support';

const read = readFigures;

describe('figures by their captions', () => {
  it('pairs each caption with the figure under it when cards share a row', () => {
    const words = [
      ...line(90, 300, 'Video views'),
      ...line(530, 300, 'Likes'),
      ...line(970, 300, 'Followers'),
      ...line(92, 340, '3.4M', 40),
      ...line(532, 340, '402K', 40),
      ...line(972, 340, '+9,230', 40),
      ...line(92, 392, '↑ 12.3% vs previous 28 days'),
    ];
    expect(read('tiktok', words)).toEqual({
      views: 3_400_000,
      likes: 402_000,
      'followers.change': 9230,
    });
  });

  it('reads a figure far to the right on the caption’s row, past nothing but a change', () => {
    const words = [
      ...line(48, 640, 'Accounts reached'),
      ...line(760, 640, '245K'),
      ...line(880, 640, '+12.4%'),
      ...line(48, 760, 'Total followers'),
      ...line(880, 760, '+0.9%'),
      ...line(760, 760, '48,211'),
    ];
    expect(read('instagram', words)).toEqual({ reach: 245_000, followers: 48_211 });
  });

  it('takes the first column of a table, not the previous period beside it', () => {
    const words = [
      ...line(236, 172, 'Video views'),
      ...line(720, 172, '1.2M'),
      ...line(1000, 172, '1.1M'),
      ...line(1160, 172, '+9.1%'),
    ];
    expect(read('tiktok', words)).toEqual({ views: 1_200_000 });
  });

  it('stops at text it cannot read rather than take the figure after it', () => {
    const words = [...line(236, 172, 'Video views'), ...line(720, 172, '1.2.M'), ...line(1000, 172, '1.1M')];
    expect(read('tiktok', words)).toEqual({});
  });

  it('never takes a date range, a day count, a clock or a percentage', () => {
    const words = [
      ...line(26, 10, '9:41'),
      ...line(280, 100, 'Views'),
      ...line(280, 140, 'Last 28 days'),
      ...line(280, 180, '28 Oct – 24 Nov 2026'),
      ...line(280, 220, '12%'),
      ...line(700, 100, 'Subscribers'),
      ...line(700, 140, '28'),
    ];
    expect(read('youtube', words)).toEqual({ subscribers: 28 });
    expect(
      read(
        'youtube',
        words.filter((word) => word.text !== '28' || word.x0 !== 700),
      ),
    ).toEqual({});
  });

  it('reads a sentence only when it states the metric for the account, and a caption first', () => {
    const headline = line(335, 196, 'Your channel got 1,204,331 views in the last 28 days');
    expect(read('youtube', headline)).toEqual({ views: 1_204_331 });
    expect(read('youtube', line(335, 196, 'Your latest video got 48,112 views in its first 7 days'))).toEqual(
      {},
    );
    expect(read('youtube', line(335, 196, 'You got 312 more subscribers than usual'))).toEqual({});
    expect(read('youtube', [...headline, ...line(302, 268, 'Views'), ...line(303, 297, '1.2M', 40)])).toEqual(
      { views: 1_200_000 },
    );
  });

  it('does not take a column of videos’ figures as the channel’s', () => {
    const words = [
      ...line(1068, 396, 'Top content'),
      ...line(1313, 396, 'Views'),
      ...line(1068, 428, 'I rebuilt a 1968 caravan'),
      ...line(1315, 428, '1,482'),
      ...line(1068, 458, 'Shed tour 2026'),
      ...line(1326, 458, '655'),
    ];
    expect(read('youtube', words)).toEqual({});
  });

  it('matches a caption whole: not "Profile views" or "Impressions click-through rate"', () => {
    const words = [
      ...line(40, 100, 'Profile views'),
      ...line(40, 140, '8,114', 40),
      ...line(600, 100, 'Impressions click-through rate'),
      ...line(600, 140, '4.8%', 40),
    ];
    expect(read('youtube', words)).toEqual({});
  });

  it('reads "Current subscribers" from the total under it, not the change in the period', () => {
    const words = [
      ...line(40, 100, 'Current subscribers'),
      ...line(40, 140, '245,102', 40),
      ...line(40, 192, '+12,304 in last 28 days'),
    ];
    expect(locate('youtube', words).map(({ key, metric, sign }) => [key, metric?.value, sign])).toEqual([
      ['subscribers', 245_102, null],
    ]);
  });

  it('keeps both a change and the live count, as Studio shows "Subscribers +389" beside its Realtime panel', () => {
    const words = [
      ...line(1576, 236, 'Realtime', 14),
      ...line(933, 284, 'Subscribers', 11),
      ...line(933, 315, '+389', 22),
      ...line(932, 353, 'About the same as usual', 9),
      ...line(1577, 277, '12,345', 27),
      ...line(1576, 309, 'Subscribers', 8),
      ...line(1591, 341, 'See live count', 12),
    ];
    expect(
      locate('youtube', words).map(({ key, kind, metric, sign }) => [key, kind, metric?.value, sign]),
    ).toEqual([
      ['subscribers', 'change', 389, '+'],
      ['subscribers', 'realtime', 12_345, null],
    ]);
  });

  it('never takes the Realtime panel’s views for the subscribers, nor for the period’s views', () => {
    // The Studio overview: the 28 days' "+12.3K" subscribers, and the panel's live count and views.
    const words = [
      ...line(40, 120, 'Your channel got 1,204,331 views in the last 28 days', 20),
      ...line(40, 200, 'Views', 14),
      ...line(40, 230, '1.2M', 28),
      ...line(300, 200, 'Subscribers', 14),
      ...line(300, 230, '+12.3K', 28),
      ...line(1200, 180, 'Realtime', 16),
      ...line(1200, 230, '86,412', 30),
      ...line(1200, 270, 'Subscribers', 12),
      ...line(1200, 330, '41,208', 30),
      ...line(1200, 370, 'Views - Last 48 hours', 12),
    ];
    expect(readFigures('youtube', words)).toEqual({
      views: 1_200_000,
      'subscribers.change': 12_300,
      'subscribers.realtime': 86_412,
      'views.realtime': 41_208,
    });
  });

  it('reads a row of Instagram’s dashboard tiles whose captions a snip cut through, from the row under it', () => {
    // As OCR read instagram/professional-dashboard-cropped-2026#2: the top of the screen cuts through
    // "Views" and "Accounts reached", leaving their figures and changes whole.
    const screen = (withReach: boolean) => [
      ...line(595, 0, 'ACCOUNLS reaclricd', 21),
      ...line(93, 59, '2.4M', 50),
      ...(withReach ? line(597, 59, '618K', 50) : []),
      ...line(93, 143, '+22.1%', 25),
      ...line(597, 142, '+17.4%', 26),
      ...line(91, 283, 'Accounts engaged', 37),
      ...line(597, 283, 'Profile visits', 29),
      ...line(93, 349, '41.9K', 51),
      ...line(597, 349, '27,330', 64),
    ];
    expect(read('instagram', screen(true))).toEqual({
      views: 2_400_000,
      reach: 618_000,
      engaged: 41_900,
      profile_views: 27_330,
    });
    // One column without its figure: the row is not the dashboard's as drawn, and neither is taken.
    expect(read('instagram', screen(false))).toEqual({ engaged: 41_900, profile_views: 27_330 });
    // Cut off whole, nothing of its captions left at the top edge: nothing says what the figures are.
    expect(
      read(
        'instagram',
        screen(true).filter((word) => word.y0 > 0),
      ),
    ).toEqual({
      engaged: 41_900,
      profile_views: 27_330,
    });
  });

  it('reads the Realtime panel’s views whichever mark OCR made of the dot in its caption', () => {
    const panel = (caption: string) => [
      ...line(1200, 180, 'Realtime', 16),
      ...line(1200, 230, '12,345', 30),
      ...line(1200, 270, 'Subscribers', 12),
      ...line(1200, 330, '3,902', 30),
      ...line(1200, 370, caption, 12),
    ];
    // A dark card saved as a JPEG: the middle dot read as an asterisk.
    for (const caption of ['Views · Last 48 hours', 'Views - Last 48 hours', 'Views * Last 48 hours'])
      expect(readFigures('youtube', panel(caption)), caption).toEqual({
        'subscribers.realtime': 12_345,
        'views.realtime': 3902,
      });
  });

  it('reads a figure right of its caption with its change under it, the pair centred on the caption', () => {
    const words = [
      ...line(50, 520, 'Views', 34),
      ...line(885, 489, '45,6 K', 45),
      ...line(914, 556, '+6,5 %', 33),
      ...line(50, 1068, 'Followers', 34),
      ...line(879, 1038, '18 204', 36),
      ...line(930, 1105, '+11%', 33),
    ];
    expect(read('instagram', words)).toEqual({ views: 45_600, followers: 18_204 });
  });

  it('reads a figure printed above its caption, and no other caption reaches across to it', () => {
    const words = [
      ...line(1242, 284, 'Estimated revenue', 11),
      ...line(1242, 311, '$2,104.00', 31),
      ...line(1577, 277, '12,345', 27),
      ...line(1576, 309, 'Subscribers', 8),
      ...line(1576, 330, 'See live count', 11),
    ];
    expect(read('youtube', words)).toEqual({ revenue: 2104, subscribers: 12_345 });
  });

  it('takes "New followers" on Instagram as the followers’ change', () => {
    expect(read('instagram', [...line(52, 1020, 'New followers'), ...line(808, 1020, '+1,204')])).toEqual({
      'followers.change': 1204,
    });
    // Printed without a sign, it is still those gained in the period, never the account's followers.
    expect(read('instagram', [...line(52, 1020, 'New followers'), ...line(808, 1020, '1,234')])).toEqual({
      'followers.change': 1234,
    });
  });

  it('knows a caption of two words whose last "s" OCR lost, but not a single word without it', () => {
    expect(read('tiktok', [...line(67, 201, 'Post view'), ...line(66, 226, '402,087', 24)])).toEqual({
      views: 402_087,
    });
    expect(read('tiktok', [...line(67, 201, 'Like'), ...line(66, 226, '402', 24)])).toEqual({});
  });

  it('reads "Current subscribers" from the figure printed above it, as the Studio app shows it', () => {
    const words = [
      ...line(409, 878, '45.7K', 74),
      ...line(346, 985, 'Current subscribers', 32),
      ...line(394, 1065, '-18 in last 28 days', 30),
    ];
    expect(read('youtube', words)).toEqual({ subscribers: 45_700 });
  });
});

describe('locateMetrics', () => {
  it('keeps the sign of a change, whether the figure is under its caption or on its line', () => {
    const signs = (words: OcrWord[]) =>
      Object.fromEntries(locate('youtube', words).map((located) => [located.key, located.sign]));
    expect(signs([...line(90, 300, 'Subscribers −18'), ...line(90, 360, 'Views 1.2M')])).toEqual({
      subscribers: '-',
      views: null,
    });
    expect(signs([...line(90, 300, 'Subscribers'), ...line(90, 340, '+311', 40)])).toEqual({
      subscribers: '+',
    });
  });
});
