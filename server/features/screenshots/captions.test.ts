import { describe, expect, it } from 'vitest';
import { ocrLine as line, locate, readFigures as read } from './test-support';

describe('captions as OCR reads them', () => {
  it('knows a caption whose accents OCR lost', () => {
    const words = [...line(90, 300, 'Geschatzte Pramien'), ...line(90, 340, '41,27 €', 40)];
    expect(read('tiktok', words)).toEqual({ revenue: 41.27 });
  });

  it('joins a caption a narrow card wrapped before a capital, when the second line is no caption alone', () => {
    const words = [
      ...line(590, 300, 'Geschätzte'),
      ...line(590, 330, 'Prämien'),
      ...line(590, 380, '41,27 €', 40),
    ];
    expect(read('tiktok', words)).toEqual({ revenue: 41.27 });
  });

  it('knows a long caption with one letter misread as one like it, but not another word', () => {
    expect(read('tiktok', [...line(90, 300, 'Prafile views'), ...line(90, 340, '512.6K', 40)])).toEqual({
      profile_views: 512_600,
    });
    expect(read('tiktok', [...line(90, 300, 'New followers'), ...line(90, 340, '213', 40)])).toEqual({});
  });

  it('knows a long caption whose first letter OCR lost to the icon before it, not a short one', () => {
    expect(read('tiktok', [...line(90, 300, 'st. rewards'), ...line(90, 340, '$5,318.20', 40)])).toEqual({
      revenue: 5318.2,
    });
    expect(read('tiktok', [...line(90, 300, 'ikes'), ...line(90, 340, '611', 40)])).toEqual({});
  });

  it('knows a caption whose closing point OCR lost', () => {
    expect(read('tiktok', [...line(90, 300, 'Récompenses est'), ...line(90, 340, '212,90€', 40)])).toEqual({
      revenue: 212.9,
    });
  });

  it('finds the figure under a caption whose icon OCR did not see, aligned with the icon', () => {
    // The coin before "Est. rewards" was not read: the caption starts two icon widths right of its figure.
    const words = [...line(694, 1315, 'Est. rewards', 29), ...line(636, 1378, '$57.93', 63)];
    expect(read('tiktok', words)).toEqual({ revenue: 57.93 });
  });

  it('takes the figure beside a caption over a change under it that is as near the caption’s middle', () => {
    const words = [
      ...line(1003, 855, '5318', 36),
      ...line(49, 885, 'Accounts engaged', 42),
      ...line(1014, 922, '+21%', 33),
    ];
    expect(read('instagram', words)).toEqual({ engaged: 5318 });
  });

  it('knows TikTok’s French total of followers', () => {
    const words = [...line(50, 549, 'Total des abonnés', 28), ...line(53, 618, '27 408', 64)];
    expect(read('tiktok', words)).toEqual({ followers: 27_408 });
  });

  it('knows TikTok’s Spanish captions', () => {
    const words = [
      ...line(86, 687, 'Visualizaciones', 30),
      ...line(638, 686, 'Visitas al perfil', 32),
      ...line(87, 757, '2,1 M', 63),
      ...line(636, 756, '38,4 mil', 63),
      ...line(89, 979, 'Me gusta', 31),
      ...line(87, 1047, '176,2 mil', 63),
    ];
    expect(read('tiktok', words)).toEqual({ views: 2_100_000, profile_views: 38_400, likes: 176_200 });
  });

  it('passes over a table row named for another platform, however far down its own row is', () => {
    const words = [
      ...line(1151, 459, 'Followers', 8),
      ...line(381, 493, 'Facebook Page', 14),
      ...line(1168, 493, '11,184', 14),
      ...line(381, 528, 'Instagram account', 15),
      ...line(1160, 528, '111,874', 15),
    ];
    expect(read('instagram', words)).toEqual({ followers: 111_874 });
  });

  it('gives a closer look to a number whose narrow digits OCR took for letters', () => {
    const words = [...line(90, 300, 'Followers', 20), ...line(90, 330, 'm,874', 30)];
    const located = locate('instagram', words).find((one) => one.key === 'followers');
    expect(located?.metric).toBeNull();
    expect(located?.box).not.toBeNull();
  });

  it('takes a card’s figure under its caption before one far to its right', () => {
    const words = [
      ...line(933, 284, 'Subscribers', 11),
      ...line(1242, 284, 'Estimated revenue', 11),
      ...line(1577, 280, '21.174', 21),
      ...line(933, 315, '+7.108', 22),
      ...line(1244, 315, '1.417,77 €', 22),
    ];
    expect(read('youtube', words)).toMatchObject({ revenue: 1417.77 });
  });

  it('takes a large figure over small print under it a gap its own size away', () => {
    const words = [...line(1577, 277, '21.174', 21), ...line(1576, 309, 'Subscribers', 7)];
    expect(read('youtube', words)).toEqual({ subscribers: 21_174 });
  });

  it('stops at another card’s caption OCR read poorly instead of looking closer at it', () => {
    const words = [
      ...line(90, 978, 'Q Likes', 30),
      ...line(638, 978, '[7 Kommentare', 30),
      ...line(87, 1049, '11,1 Tsd.', 62),
    ];
    words
      .filter((word) => /Kommentare|\[7/.test(word.text))
      .forEach((word) => {
        word.confidence = 40;
      });
    expect(read('tiktok', words)).toEqual({ likes: 11_100 });
  });

  it('looks where a row of cards has its figures when OCR saw nothing under one caption', () => {
    const words = [
      ...line(303, 257, 'Video views', 11),
      ...line(489, 257, 'Profile views', 11),
      ...line(1043, 257, 'Shares', 11),
      ...line(1229, 257, 'Followers', 11),
      ...line(303, 285, '3.4M', 18),
      ...line(488, 285, '21.9K', 18),
      ...line(1044, 285, '12.6K', 18),
    ];
    const followers = locate('tiktok', words).find((located) => located.key === 'followers');
    expect(followers?.metric).toBeNull();
    expect(followers?.box).toEqual({ x0: 1228, y0: 285, x1: 1288, y1: 303 });
  });

  it('does not guess a place from a single card beside it', () => {
    const words = [
      ...line(303, 257, 'Video views', 11),
      ...line(1229, 257, 'Followers', 11),
      ...line(303, 285, '3.4M', 18),
    ];
    expect(locate('tiktok', words).find((located) => located.key === 'followers')).toBeUndefined();
  });

  it('knows a caption by its accents as printed, or with them lost, and not with a letter more', () => {
    // The language's own model reads "abonnés"; English's, which reads the screen first, "abonnes".
    for (const caption of ['Total des abonnés', 'Total des abonnes'])
      expect(read('tiktok', [...line(51, 549, caption, 28), ...line(53, 618, '27 408', 64)])).toEqual({
        followers: 27_408,
      });
    expect(
      read('tiktok', [...line(51, 549, 'Total des abonnesé', 28), ...line(53, 618, '27 408', 64)]),
    ).toEqual({});
  });

  it('knows a caption with a badge after it where the layout says one may stand there, not with more words', () => {
    const caption = line(50, 1330, 'Total followers', 36);
    // Instagram's "3 new" pill beside the caption, on its line, read as one garbled word: the pill's
    // box half again as tall as the caption's letters.
    const pill = (height: number) =>
      line(256, 1323, '(@hew)', height).map((word) => ({ ...word, line: caption[0]!.line }));
    const figure = line(830, 1310, '61,207', 48);
    expect(read('instagram', [...caption, ...pill(54), ...figure])).toEqual({ followers: 61_207 });
    // As tall as the caption's own letters, the word is more of its text: no caption.
    expect(read('instagram', [...caption, ...pill(36), ...figure])).toEqual({});
  });

  it('takes the figure above a caption whose line under it is a change to a German date', () => {
    // Instagram's followers insight snipped to its figure: "177.418 / Followers / +2171 vs. 11. Dez."
    const words = [
      ...line(71, 36, '177.418', 67),
      ...line(110, 135, 'Followers', 34),
      // OCR's confidence in the change's line was 0: read as a blurred figure, were the date one.
      ...line(69, 203, '+2171 vs. 11. Dez.', 28).map((word) => ({ ...word, confidence: 0 })),
    ];
    expect(read('instagram', words)).toEqual({ followers: 177_418 });
  });

  it('joins a wrapped caption whose first line starts with an icon read as a character', () => {
    const [icon, first] = line(597, 1268, '0 Geschatzte', 36);
    // The icon a gap wider than a word space before the caption, on the caption's line.
    Object.assign(first!, { x0: 640, x1: 760 });
    const words = [icon!, first!, ...line(648, 1316, 'Pramien', 31), ...line(591, 1387, '41,27 €', 63)];
    expect(read('tiktok', words)).toEqual({ revenue: 41.27 });
  });

  it('joins a wrapped caption whose second line starts with a mark OCR made of the icon beside both', () => {
    // TikTok's person icon, centred on a caption of two lines, read as "o" before the first and its
    // foot as "~" before the second; "perfil", with an ascender and a descender, stands taller.
    const [icon, first, second] = line(574, 57, 'o Visualizacoes do', 28);
    Object.assign(icon!, { x1: 600 });
    Object.assign(first!, { x0: 621, x1: 870 });
    Object.assign(second!, { x0: 885, x1: 928 });
    const [foot, last] = line(567, 100, '~ perfil', 38);
    Object.assign(last!, { x0: 622, x1: 711 });
    const words = [icon!, first!, second!, foot!, last!, ...line(565, 175, '89', 51)];
    expect(read('tiktok', words)).toEqual({ profile_views: 89 });
    // Not where the line under it starts with a figure.
    const [, number] = line(567, 100, '~ 4,201', 38);
    expect(read('tiktok', [icon!, first!, second!, foot!, { ...number!, x0: 622, x1: 711 }])).toEqual({});
  });

  it('knows the TikTok app in Portuguese and Italian', () => {
    expect(read('tiktok', [...line(90, 300, 'Curtidas'), ...line(90, 340, '6.284', 40)])).toEqual({
      likes: 6284,
    });
    expect(read('tiktok', [...line(90, 300, 'Mi piace'), ...line(90, 340, '96,1K', 40)])).toEqual({
      likes: 96_100,
    });
    expect(read('tiktok', [...line(90, 300, 'Follower totali'), ...line(90, 340, '1,4 Mln', 40)])).toEqual({
      followers: 1_400_000,
    });
    expect(read('tiktok', [...line(90, 300, 'Premi stimati'), ...line(90, 340, '212,47 €', 40)])).toEqual({
      revenue: 212.47,
    });
  });

  it('passes over an icon read as a character drawn lower than the caption beside it', () => {
    const [icon, first] = line(596, 1268, '0 Geschatzte', 31);
    // A word space from the caption, but its middle well under the caption's letters.
    Object.assign(icon!, { x0: 596, x1: 622, y0: 1290, y1: 1326 });
    Object.assign(first!, { x0: 647, x1: 853 });
    const words = [icon!, first!, ...line(648, 1316, 'Pramien', 32), ...line(591, 1387, '6,42 €', 64)];
    expect(read('tiktok', words)).toEqual({ revenue: 6.42 });
  });

  it('gives a closer look to a large figure OCR read as digits and a letter', () => {
    const words = [...line(50, 549, 'Total des abonnés', 29), ...line(52, 619, 'M71', 62)];
    const located = locate('tiktok', words).find((one) => one.key === 'followers');
    expect(located?.metric).toBeNull();
    expect(located?.box).toEqual({ x0: 52, y0: 619, x1: 88, y1: 681 });
    expect(
      locate('tiktok', [...line(50, 549, 'Total des abonnés', 29), ...line(52, 600, 'M71', 29)]),
    ).toEqual([]);
  });

  it('gives a closer look to large digits OCR read as no figure, but never to a date', () => {
    const under = (figure: string) =>
      locate('tiktok', [...line(142, 315, 'Visualizzazioni dei post', 30), ...line(144, 434, figure, 62)]);
    // "1,1 Mln" read as "11 Min", "24,8K" with its comma read as a space.
    for (const figure of ['11 Min', '24 8K'])
      expect(under(figure), figure).toMatchObject([
        { key: 'views', metric: null, box: { x0: 144, y0: 434 } },
      ]);
    expect(under('21 Nov 2026')).toEqual([]);
    expect(under('24 8 Kommentare')).toEqual([]);
  });

  describe('a grid of cards', () => {
    const grid = [
      ...line(86, 687, 'Post views', 30),
      ...line(594, 687, 'Profile views', 30),
      ...line(87, 757, '184', 51),
      ...line(591, 757, '23', 51),
      ...line(90, 1023, 'Likes', 30),
      ...line(594, 1023, 'Comments', 30),
      ...line(591, 1093, '2', 50),
    ];

    it('looks where the cards above have their figures when OCR saw nothing under a caption', () => {
      const likes = locate('tiktok', grid).find((located) => located.key === 'likes');
      expect(likes).toMatchObject({ metric: null, box: { x0: 87, y0: 1093, x1: 123, y1: 1144 } });
    });

    it('does not look where a dash says there is no figure', () => {
      const words = [...grid, ...line(90, 1312, 'Est. rewards', 30), ...line(92, 1400, '—', 8)];
      expect(locate('tiktok', words).find((located) => located.key === 'revenue')).toBeUndefined();
      // Its shadow in a re-encoded screenshot read as an underscore beside it.
      const reencoded = [...grid, ...line(90, 1312, 'Est. rewards', 30), ...line(92, 1400, '-_', 8)];
      expect(locate('tiktok', reencoded).find((located) => located.key === 'revenue')).toBeUndefined();
    });

    it('does not take a tab above the cards for one of them', () => {
      const words = [...line(90, 600, 'Followers', 30), ...grid];
      expect(locate('tiktok', words).find((located) => located.key === 'followers')).toBeUndefined();
    });
  });
});
