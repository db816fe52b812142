import type { ScreenshotPlatform } from '@common/screenshots';
import sharp from 'sharp';
import { escapeHtml } from '../../server/escape-html';

/** One figure on a rendered analytics screen, with the value a reader should get from it. */
export type RenderedFigure = { key: string; label: string; shown: string; value: number };

export type ScreenshotLayout = {
  platform: ScreenshotPlatform;
  theme: 'light' | 'dark';
  device: 'desktop' | 'phone';
  figures: RenderedFigure[];
  format?: 'png' | 'jpeg' | 'webp';
};

const TITLES: Record<ScreenshotPlatform, string> = {
  youtube: 'Channel analytics',
  instagram: 'Insights',
  tiktok: 'Analytics',
};

const THEMES = {
  light: { background: '#ffffff', card: '#f2f2f2', label: '#606060', value: '#0f0f0f', accent: '#065fd4' },
  dark: { background: '#0f0f0f', card: '#212121', label: '#aaaaaa', value: '#f1f1f1', accent: '#3ea6ff' },
};

/**
 * An analytics screen drawn the way the platforms lay theirs out: a title, a period, then cards with a
 * caption over a large figure (a row of cards on a desktop, a column on a phone, at phone resolution).
 */
function svgOf(layout: ScreenshotLayout): string {
  const colours = THEMES[layout.theme];
  const isPhone = layout.device === 'phone';
  const width = isPhone ? 1170 : 1440;
  const height = isPhone ? 2532 : 900;
  const font = 'DejaVu Sans, Liberation Sans, sans-serif';
  const cards = layout.figures.map((figure, index) => {
    const cardWidth = isPhone ? width - 120 : (width - 120 - 40 * 2) / 3;
    const cardHeight = isPhone ? 260 : 200;
    const x = isPhone ? 60 : 60 + (index % 3) * (cardWidth + 40);
    const y = isPhone ? 420 + index * (cardHeight + 40) : 260 + Math.floor(index / 3) * (cardHeight + 40);
    const labelSize = isPhone ? 44 : 26;
    const valueSize = isPhone ? 96 : 56;
    return `<rect x="${x}" y="${y}" width="${cardWidth}" height="${cardHeight}" rx="16" fill="${colours.card}"/>
<text x="${x + 36}" y="${y + 36 + labelSize}" font-family="${font}" font-size="${labelSize}" fill="${colours.label}">${escapeHtml(figure.label)}</text>
<text x="${x + 36}" y="${y + cardHeight - 40}" font-family="${font}" font-size="${valueSize}" font-weight="bold" fill="${colours.value}">${escapeHtml(figure.shown)}</text>`;
  });
  const titleSize = isPhone ? 72 : 44;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="${colours.background}"/>
<text x="60" y="${isPhone ? 200 : 110}" font-family="${font}" font-size="${titleSize}" font-weight="bold" fill="${colours.value}">${TITLES[layout.platform]}</text>
<text x="60" y="${isPhone ? 300 : 170}" font-family="${font}" font-size="${isPhone ? 40 : 24}" fill="${colours.accent}">Last 28 days</text>
${cards.join('\n')}
</svg>`;
}

export async function renderScreenshot(layout: ScreenshotLayout): Promise<Buffer> {
  const image = sharp(Buffer.from(svgOf(layout)));
  const format = layout.format ?? 'png';
  return format === 'jpeg'
    ? image.jpeg({ quality: 85 }).toBuffer()
    : format === 'webp'
      ? image.webp().toBuffer()
      : image.png().toBuffer();
}

/** The figures each platform's screen shows, full and abbreviated, as creators' screens do. */
export const SAMPLE_FIGURES: Record<ScreenshotPlatform, RenderedFigure[][]> = {
  youtube: [
    [
      { key: 'views', label: 'Views', shown: '1.2M', value: 1_200_000 },
      { key: 'watch_time_hours', label: 'Watch time (hours)', shown: '45,6 K', value: 45_600 },
      { key: 'subscribers', label: 'Subscribers', shown: '+3,412', value: 3412 },
      { key: 'revenue', label: 'Estimated revenue', shown: '£1,204.50', value: 1204.5 },
    ],
    [
      { key: 'views', label: 'Views', shown: '87,312', value: 87_312 },
      { key: 'watch_time_hours', label: 'Watch time (hours)', shown: '5.1K', value: 5100 },
      { key: 'subscribers', label: 'Subscribers', shown: '+128', value: 128 },
      { key: 'impressions', label: 'Impressions', shown: '2.4M', value: 2_400_000 },
    ],
  ],
  instagram: [
    [
      { key: 'reach', label: 'Accounts reached', shown: '12.3K', value: 12_300 },
      { key: 'engaged', label: 'Accounts engaged', shown: '1,874', value: 1874 },
      { key: 'followers', label: 'Followers', shown: '48.2K', value: 48_200 },
      { key: 'impressions', label: 'Impressions', shown: '210,455', value: 210_455 },
    ],
    [
      { key: 'reach', label: 'Accounts reached', shown: '903', value: 903 },
      { key: 'profile_views', label: 'Profile visits', shown: '2.7K', value: 2700 },
      { key: 'followers', label: 'Followers', shown: '6,051', value: 6051 },
    ],
  ],
  tiktok: [
    [
      { key: 'views', label: 'Video views', shown: '3.4M', value: 3_400_000 },
      { key: 'profile_views', label: 'Profile views', shown: '21.9K', value: 21_900 },
      { key: 'likes', label: 'Likes', shown: '402K', value: 402_000 },
      { key: 'followers', label: 'Followers', shown: '+9,230', value: 9230 },
      { key: 'revenue', label: 'Estimated rewards', shown: '$312.40', value: 312.4 },
    ],
    [
      { key: 'views', label: 'Video views', shown: '56,7 K', value: 56_700 },
      { key: 'likes', label: 'Likes', shown: '8,114', value: 8114 },
      { key: 'followers', label: 'Followers', shown: '1.1K', value: 1100 },
    ],
  ],
};

/** Every platform × light and dark × desktop and phone × both figure sets: 24 screens. */
export function screenshotTestSet(): ScreenshotLayout[] {
  const set: ScreenshotLayout[] = [];
  for (const platform of Object.keys(SAMPLE_FIGURES) as ScreenshotPlatform[]) {
    for (const figures of SAMPLE_FIGURES[platform]) {
      for (const theme of ['light', 'dark'] as const) {
        for (const device of ['desktop', 'phone'] as const) set.push({ platform, theme, device, figures });
      }
    }
  }
  return set;
}
