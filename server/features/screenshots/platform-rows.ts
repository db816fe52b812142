import type { ScreenshotPlatform } from '@common/screenshots';
import { type Cluster, isNoise, sameRow } from './layout-clusters';

/*
 * Screens that show two platforms' figures side by side: Meta Business Suite puts Facebook's figure
 * over Instagram's in each card ("Views / Facebook 88.4K / Instagram 1.2M") and gives each platform a
 * row of its table ("Facebook Page 12,003 / Instagram account 48,211"). The figures under another
 * platform's name are distractors; the ones under the screen's own platform are its figures.
 */

const PLATFORM_NAMES: Record<string, ScreenshotPlatform | 'facebook'> = {
  facebook: 'facebook',
  instagram: 'instagram',
  youtube: 'youtube',
  tiktok: 'tiktok',
};

/** "Facebook", "@ Instagram", "Instagram account", "Facebook Page": the platform a line names, alone. */
export function platformNamed(text: string | undefined): ScreenshotPlatform | 'facebook' | null {
  if (!text) return null;
  const words = text
    .split(/\s+/)
    .filter((word) => !isNoise(word))
    .map((word) => word.toLowerCase());
  if (words.length === 0 || words.length > 2) return null;
  if (words.length === 2 && !/^(?:page|account|profile|channel)$/.test(words[1]!)) return null;
  return PLATFORM_NAMES[words[0]!] ?? null;
}

/** What labels a table's row: the leftmost text on the figure's row, to its left. */
function rowLabelOf(figure: Cluster, clusters: Cluster[]): Cluster | undefined {
  return clusters
    .filter((other) => other !== figure && other.x1 < figure.x0 && sameRow(other, figure))
    .sort((a, b) => a.x0 - b.x0)[0];
}

/** The platform a table row is named for, from the figure on it ("Facebook Page  11,184"), or null. */
export const rowPlatform = (figure: Cluster, clusters: Cluster[]) =>
  platformNamed(rowLabelOf(figure, clusters)?.text);

/**
 * Of a table column's figures, the one on the row named for the screen's own platform, where another
 * row is named for another platform; null for any other table (a list of posts or videos).
 */
export function ownPlatformRow(
  platform: ScreenshotPlatform,
  figures: Cluster[],
  clusters: Cluster[],
): Cluster | null {
  const named = figures.map((figure) => ({ figure, name: rowPlatform(figure, clusters) }));
  if (!named.some(({ name }) => name !== null && name !== platform)) return null;
  const own = named.filter(({ name }) => name === platform);
  return own.length === 1 ? own[0]!.figure : null;
}
