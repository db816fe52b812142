import { describe, expect, it } from 'vitest';
import { ocrLine as line, locate, readFigures } from './test-support';

const read = readFigures;

describe('the platforms’ own layouts', () => {
  it('reads Instagram’s figure where Meta Business Suite shows Facebook’s over it', () => {
    const words = [
      ...line(387, 159, 'Views ©', 13),
      ...line(734, 159, 'Reach ©', 13),
      ...line(1080, 159, 'Follows ©', 13),
      ...line(388, 187, '© Facebook', 14),
      ...line(734, 187, '© Facebook', 14),
      ...line(1080, 187, '© Facebook', 14),
      ...line(388, 210, '88.4K', 17),
      ...line(734, 210, '31,204', 17),
      ...line(1081, 210, '212', 17),
      ...line(389, 239, '19.2%', 9),
      ...line(388, 267, 'Instagram', 12),
      ...line(734, 264, '@ Instagram', 15),
      ...line(1080, 264, '@ Instagram', 15),
      ...line(388, 287, '1.2M', 18),
      ...line(735, 287, '245.3K', 18),
      ...line(1080, 287, '1,402', 18),
    ];
    expect(read('instagram', words)).toEqual({ views: 1_200_000, reach: 245_300 });
  });

  it('reads the row of a table named for the screen’s platform, and no other table', () => {
    const table = (first: string, second: string) => [
      ...line(881, 458, 'Followers', 12),
      ...line(1312, 458, 'Profile visits', 12),
      ...line(381, 492, first, 15),
      ...line(917, 492, '12,003', 15),
      ...line(1420, 492, '1,940', 14),
      ...line(381, 528, second, 15),
      ...line(917, 528, '48,211', 15),
      ...line(1420, 528, '8,114', 14),
    ];
    expect(read('instagram', table('Facebook Page', 'Instagram account'))).toEqual({
      followers: 48_211,
      profile_views: 8114,
    });
    expect(read('instagram', table('Shed tour reel', 'Tool wall carousel'))).toEqual({});
  });

  it('reads TikTok’s "Total followers" over its net change, in English and German', () => {
    const screen = (caption: string, figure: string, change: string) => [
      ...line(807, 285, 'Followers', 34),
      ...line(1082, 285, 'LIVE', 33),
      ...line(50, 549, caption, 30),
      ...line(52, 618, figure, 79),
      ...line(59, 722, change, 30),
    ];
    expect(
      read('tiktok', screen('Total followers', '48,211', '+389 net followers vs. previous 7 days')),
    ).toEqual({
      followers: 48_211,
    });
    expect(read('tiktok', screen('Follower insgesamt', '45,6 K', '+1.234 Netto-Follower'))).toEqual({
      followers: 45_600,
    });
  });

  it('takes the first of the counts beside icons at the head of a post as its likes', () => {
    const reel = [
      ...line(98, 54, '16:20', 36),
      ...line(175, 595, 'Vv', 40),
      ...line(451, 592, '=', 40),
      ...line(152, 669, '604', 33),
      ...line(451, 669, '17', 33),
      ...line(708, 669, '12', 33),
      ...line(964, 669, '96', 33),
      ...line(50, 804, 'Overview', 40),
      ...line(49, 899, 'Views', 35),
      ...line(985, 899, '45,6 K', 35),
      ...line(50, 2400, 'Data is updated daily', 30),
    ];
    expect(read('instagram', reel)).toEqual({ likes: 604, views: 45_600 });
    const tiktok = [
      ...line(307, 396, 'Q 1,204 [A888 <7 41', 40),
      ...line(50, 2088, 'Data is updated daily', 30),
    ];
    expect(read('tiktok', tiktok)).toEqual({ likes: 1204 });
    // The heart glued to its count, and a row where only two counts read as figures.
    const glued = [
      ...line(307, 396, 'Q19.7K [31,086 <7962 [J 6,902', 42),
      ...line(50, 2088, 'Data is updated daily', 30),
    ];
    expect(read('tiktok', glued)).toEqual({ likes: 19_700 });
    const two = [
      ...line(307, 396, 'Q 31K [A97 <7 3M [11K', 40),
      ...line(50, 2088, 'Data is updated daily', 30),
    ];
    expect(read('tiktok', two)).toEqual({ likes: 31_000 });
    // A shortening OCR boxed apart from its count is part of it.
    const spanish = [
      ...line(307, 400, 'Q 87,7 mil [31903 <76408 [J] 9517', 40),
      ...line(50, 2088, 'Datos', 30),
    ];
    expect(read('tiktok', spanish)).toEqual({ likes: 87_700 });
  });

  it('finds the counts beside the icons in a snip of the post’s head, above its first caption', () => {
    const snip = [
      ...line(98, 54, '15:09', 37),
      ...line(349, 174, 'Video analytics', 49),
      ...line(304, 385, 'Posted Mar 2', 29),
      ...line(307, 455, 'Q 8,952 [A318 <71,047 [J 2,263', 41),
      ...line(51, 726, 'Key metrics', 47),
      ...line(86, 865, 'Video views', 29),
      ...line(87, 935, '74,360', 62),
    ];
    expect(read('tiktok', snip)).toEqual({ likes: 8952, views: 74_360 });
  });

  it('gives the first count beside the icons a closer look when OCR made its digits into letters', () => {
    const garbled = [...line(307, 453, 'QNM77K [P4771 <7 179K [] 1.4K', 42), ...line(50, 2088, 'Data', 30)];
    const likes = locate('tiktok', garbled).find((located) => located.key === 'likes');
    expect(likes).toMatchObject({ box: { x0: 307, y0: 453 }, metric: null });
    // The heart and its count read as letters, as wide as both: a closer look, not the next count.
    const heart = { ...line(307, 257, 'Qo', 40)[0]!, x1: 409 };
    const counts = [...line(454, 253, '[A7 7/3 [12', 40), ...line(50, 2088, 'Data', 30)];
    expect(locate('tiktok', [heart, ...counts]).find((located) => located.key === 'likes')).toMatchObject({
      box: { x0: 307, x1: 409 },
      metric: null,
    });
    // A heart alone read as two letters is only the icon: the count after it is the likes.
    expect(read('tiktok', [{ ...heart, x1: 347 }, ...counts])).toEqual({ likes: 7 });
    // Not in a row with a word in it.
    const words = [...line(307, 453, 'QNM77K Posted 179K 1.4K', 42), ...line(50, 2088, 'Data', 30)];
    expect(locate('tiktok', words)).toEqual([]);
  });

  it('takes no likes from captioned figures, a chart’s axis or a screen whose captions name them', () => {
    const cards = [
      ...line(100, 100, 'Reach', 20),
      ...line(500, 100, 'Saves', 20),
      ...line(900, 100, 'Shares', 20),
      ...line(100, 126, '245K', 30),
      ...line(500, 126, '1,204', 30),
      ...line(900, 126, '96', 30),
      ...line(100, 2000, 'Data is updated daily', 20),
    ];
    expect(read('instagram', cards)).toEqual({ reach: 245_000 });
    const axis = [...line(100, 300, '0 10K 20K 30K', 20), ...line(100, 2000, 'Data is updated daily', 20)];
    expect(read('instagram', axis)).toEqual({});
    const captioned = [
      ...line(152, 669, '604 17 12 96', 33),
      ...line(50, 900, 'Likes', 35),
      ...line(985, 900, '611', 35),
      ...line(50, 2000, 'Data is updated daily', 20),
    ];
    expect(read('instagram', captioned)).toEqual({ likes: 611 });
    expect(read('youtube', [...line(152, 669, '604 17 12 96', 33), ...line(50, 2000, 'Data', 20)])).toEqual(
      {},
    );
  });
  it('passes over icons read as characters before captions, and reads a net change', () => {
    /** A caption with an icon before it on its OCR line, set apart by more than a word space. */
    const withIcon = (icon: string, iconX: number, x: number, y: number, caption: string) => {
      const words = line(x, y, caption, 30);
      return [{ ...words[0]!, text: icon, x0: iconX, x1: iconX + 30 }, ...words];
    };
    const home = [
      ...withIcon('D>', 95, 145, 659, 'Post views'),
      ...withIcon('2', 594, 649, 660, 'Profile views'),
      ...line(87, 730, '12.3K', 51),
      ...line(591, 730, '1,204', 63),
      ...withIcon('Q', 89, 145, 954, 'Likes'),
      ...withIcon('2+', 590, 649, 955, 'Net followers'),
      ...line(87, 1024, '1,890', 63),
      ...line(594, 1024, '+48', 51),
    ];
    expect(read('tiktok', home)).toEqual({
      views: 12_300,
      profile_views: 1204,
      likes: 1890,
      'followers.change': 48,
    });
  });

  it('passes over an icon read as a digit set apart by more than the caption’s own word spaces', () => {
    const card = (gap: number) => {
      const words = line(639, 687, 'Vues du profil', 31);
      const icon = { ...words[0]!, text: '2', x0: 639 - gap - 20, x1: 639 - gap };
      return [icon, ...words, ...line(636, 757, '18042', 51)];
    };
    // 20 pixels: under most fonts' space at this size, but wider than the 12 between its words.
    expect(read('tiktok', card(20))).toEqual({ profile_views: 18_042 });
    // As near as its words are to one another, it is a figure before words, not an icon.
    expect(read('tiktok', card(12))).toEqual({});
  });

  it('reads TikTok in French and German, and YouTube Studio in German', () => {
    const french = [
      ...line(142, 688, 'Vues des', 29),
      ...line(639, 687, 'A Vues du profil', 31),
      ...line(144, 735, 'publications', 38),
      ...line(636, 757, '1204', 51),
      ...line(87, 805, '45,6 k', 63),
      ...line(90, 1026, 'Q J’aime', 30),
      ...line(87, 1096, '12,3 k', 63),
      ...line(642, 1315, 'I Récompenses est.', 34),
      ...line(636, 1387, '18,40 €', 63),
    ];
    // "Vues des publications", wrapped onto two lines by a narrow card.
    expect(read('tiktok', french)).toEqual({
      views: 45_600,
      profile_views: 1204,
      likes: 12_300,
      revenue: 18.4,
    });
    const german = [
      ...line(314, 261, 'Aufrufe', 11),
      ...line(621, 261, 'Impressionen', 14),
      ...line(314, 288, '45,6 Tsd. ®', 21),
      ...line(623, 289, '1,2 Mio. ®', 20),
    ];
    expect(read('youtube', german)).toEqual({ views: 45_600, impressions: 1_200_000 });
    const tiktokGerman = [
      ...line(86, 686, '® Beitragsaufrufe', 39),
      ...line(638, 686, '& Profilaufrufe', 32),
      ...line(87, 753, '45,6 K', 76),
      ...line(636, 757, '2.718', 51),
    ];
    expect(read('tiktok', tiktokGerman)).toEqual({ views: 45_600, profile_views: 2718 });
  });

  it('reads a figure set beside its caption a little above it, with its change under it', () => {
    const row = [
      ...line(1005, 1131, '12.3K', 33),
      ...line(49, 1161, 'Accounts engaged', 42),
      ...line(1013, 1195, '-6.8%', 26),
    ];
    expect(read('instagram', row)).toEqual({ engaged: 12_300 });
  });
});

describe('what is not an account’s figure', () => {
  it('reads no caption whose words go on under it', () => {
    const funnel = [
      ...line(757, 758, '3.0K', 15),
      ...line(756, 785, 'Watch time', 10),
      ...line(756, 800, 'from', 11),
      ...line(757, 819, 'impressions', 10),
      ...line(757, 833, '(hours)', 13),
    ];
    expect(read('youtube', funnel)).toEqual({});
  });

  it('takes no figure from a column of videos, however tall their rows', () => {
    const list = [
      ...line(1135, 231, 'Views', 10),
      ...line(1131, 273, '14210', 12),
      ...line(1278, 299, '1,204 likes', 10),
      ...line(1138, 366, '9,804', 11),
      ...line(1138, 459, '6,112', 12),
    ];
    expect(read('youtube', list)).toEqual({});
    // A row OCR could not make out is one of its rows all the same.
    const garbled = [
      ...line(1367, 628, 'Likes', 9),
      ...line(1375, 678, '317', 12),
      ...line(1377, 745, 'il', 11).map((word) => ({ ...word, confidence: 14 })),
      ...line(1381, 812, '74', 11),
    ];
    expect(read('tiktok', garbled)).toEqual({});
    // A chart under a card, garbled across the screen, is no row of a table.
    const card = [
      ...line(51, 549, 'Follower insgesamt', 38),
      ...line(52, 618, '6.093', 64),
      ...line(59, 721, '4', 40),
      ...line(112, 727, '+488 Netto-Follower ggü. dem vorherigen Zeitraum', 30),
      ...line(44, 946, 'rm — El', 73).map((word) => ({ ...word, confidence: 0, x1: word.x1 + 200 })),
    ];
    expect(read('tiktok', card)).toEqual({ followers: 6093 });
    // A card under a card is no table: a caption, known or not, stands between their figures.
    const cards = [
      ...line(50, 100, 'Views', 30),
      ...line(50, 140, '12.3K', 60),
      ...line(50, 240, 'Shares', 30),
      ...line(50, 280, '1,890', 60),
    ];
    expect(read('youtube', cards)).toEqual({ views: 12_300 });
  });
});
