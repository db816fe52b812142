import type { Region } from '../../integrations/ocr/reader';
import { type Figure, figureAt, figureOnly, isMonth } from './figures';
import { alignedWith, type Cluster, centre, isNoise, sameRow } from './layout-clusters';
import { type Distances, distancesOf, type ScreenLayout } from './layouts';
import { ownPlatformRow, platformNamed, rowPlatform } from './platform-rows';

/**
 * Where a caption's figure is: on its row to the right, under it in its column, or above it; and what
 * stops the search (another caption, a line of text). How far each reaches is the layout's
 * (`distancesOf`, layouts/distances.ts).
 */

/**
 * Text whose every number is a date, a period, a time or a percentage: "Last 28 days",
 * "28 Oct – 24 Nov 2026", "+12.4%".
 */
export function onlyDistractors(text: string): boolean {
  let numbers = 0;
  for (let index = 0; index < text.length; index++) {
    if (!/\d/.test(text[index]!) || (index > 0 && /[\d.,]/.test(text[index - 1]!))) continue;
    numbers += 1;
    if (figureAt(text, index)) return false;
  }
  return numbers > 0;
}

/** One word of digits and separators with a letter or two among them: "m,874", "7,m", "1l,204". */
const garbledNumber = (text: string) =>
  text.length <= 10 && /\d/.test(text) && /[.,]/.test(text) && /^[\d.,]*[a-z|][\d.,a-z|]*$/i.test(text);

/**
 * One short word of digits with a letter or two, printed far larger than the caption: a figure whose
 * narrow digits OCR ran into a letter ("M71" for "11 711").
 */
const largeGarble = (cluster: Cluster, caption: Cluster, d: Distances) =>
  cluster.words.length === 1 &&
  cluster.text.length <= 8 &&
  /\d/.test(cluster.text) &&
  /^[^\p{L}]*\p{L}{1,2}[^\p{L}]*$/u.test(cluster.text) &&
  cluster.y1 - cluster.y0 >= caption.height * d.figureHeight;

/**
 * Digits printed at a figure's size (`figureHeight`: half again the caption's height) that OCR read
 * as no figure: its separator taken for a space ("24 8K" for "24,8K"), or a shortening for a unit
 * ("11 Min" for "1,1 Mln"). Digits, spaces and separators, and at most three letters after them; not
 * a date.
 */
const largeUnread = (cluster: Cluster, caption: Cluster, d: Distances) => {
  const letters = /^[\d\s.,]*\d[\d\s.,]*?\s?(\p{L}{0,3})$/u.exec(cluster.text)?.[1];
  return letters !== undefined && !isMonth(letters) && cluster.height >= caption.height * d.figureHeight;
};

/** What a cluster is to a caption looking for its figure: a figure, something to pass over, or a stop. */
function judge(
  cluster: Cluster,
  caption: Cluster,
  captions: Set<Cluster>,
  d: Distances,
): Figure | 'skip' | 'stop' | 'blur' {
  if (captions.has(cluster)) return 'stop';
  if (cluster.y1 - cluster.y0 < caption.height * d.smallPrint) return 'skip';
  const value = figureOnly(cluster.text);
  if (value) return value;
  if (largeUnread(cluster, caption, d)) return 'blur';
  if (isNoise(cluster.text) || onlyDistractors(cluster.text)) return 'skip';
  // Text OCR could not make out (a figure run into the line under it), or a number whose narrow
  // digits it took for letters ("7,m" for "7,711"): worth a closer look.
  // A word in it ("[7 Kommentare": an icon and another card's caption) makes it text, not a figure.
  if (/\p{L}{4}/u.test(cluster.text)) return 'stop';
  if (cluster.confidence < d.blurredBelow || garbledNumber(cluster.text) || largeGarble(cluster, caption, d))
    return 'blur';
  return 'stop';
}

export type Source = { cluster: Cluster; figure: Figure | null };

/** The figure to the right on the caption's row, however far: lists and tables, phone and desktop. */
export function onTheRight(
  layout: ScreenLayout,
  caption: Cluster,
  clusters: Cluster[],
  captions: Set<Cluster>,
): Source | null {
  const d = distancesOf(layout);
  const right = clusters.filter((other) => other !== caption && other.x0 > caption.x1);
  const row = right.filter((other) => sameRow(caption, other)).sort((a, b) => a.x0 - b.x0);
  for (const other of row) {
    const verdict = judge(other, caption, captions, d);
    if (verdict === 'stop') return null;
    if (verdict === 'blur') return { cluster: other, figure: null };
    if (verdict !== 'skip') return { cluster: other, figure: verdict };
  }
  // Nothing on the row itself: a figure beside the caption but not centred on it, as where a figure
  // and its change under it are centred together on the caption (phone lists).
  const beside = right
    .filter(
      (other) =>
        !captions.has(other) &&
        other.y0 < caption.y1 &&
        other.y1 > caption.y0 &&
        // A caption's descenders ("engaged") make its box taller than a figure's digits of the same size.
        other.height >= caption.height * d.besideHeight &&
        // The change under the figure may be as near the caption's middle ("5318" over "+21%").
        figureOnly(other.text) !== null,
    )
    .sort((a, b) => Math.abs(centre(a) - centre(caption)) - Math.abs(centre(b) - centre(caption)))[0];
  const figure = beside && figureOnly(beside.text);
  return beside && figure ? { cluster: beside, figure } : null;
}

/**
 * A figure printed above its caption ("45.7K" over "Current subscribers"): right on top of it, in its
 * column, at least as large.
 */
export function above(
  layout: ScreenLayout,
  caption: Cluster,
  clusters: Cluster[],
  captions: Set<Cluster>,
): Source | null {
  const d = distancesOf(layout);
  const h = caption.height;
  const nearest = clusters
    .filter(
      (other) =>
        other !== caption &&
        other.y1 <= caption.y0 + h * d.aboveOverlap &&
        // Small print under a large figure sits a gap the figure's size away, not the caption's.
        caption.y0 - other.y1 < Math.max(h * d.aboveGap, other.height * d.aboveGapOfFigure) &&
        other.height >= h * d.aboveHeight &&
        alignedWith(other, caption, h * d.column),
    )
    .sort((a, b) => b.y1 - a.y1)[0];
  const figure = nearest && !captions.has(nearest) && figureOnly(nearest.text);
  return nearest && figure ? { cluster: nearest, figure } : null;
}

/**
 * The figure under the caption, in its column (aligned left, centred or right): a card. A column of
 * several figures under one caption is a table of videos or posts, not the account's figure, unless its
 * rows are named for platforms (ownPlatformRow). Figures under another platform's name are passed
 * over until the screen's own platform is named, which lets the card reach further down.
 */
export function below(
  layout: ScreenLayout,
  caption: Cluster,
  clusters: Cluster[],
  captions: Set<Cluster>,
): Source | null {
  const { platform } = layout;
  const d = distancesOf(layout);
  const h = caption.height;
  // A caption's icon OCR did not see at all leaves the caption starting further right than its figure.
  const underIcon = (other: Cluster) =>
    other.x0 < caption.x0 && caption.x0 - other.x0 < h * d.iconWidth && other.x1 > caption.x0;
  const inColumn = (other: Cluster, anchor: Cluster) =>
    alignedWith(other, anchor, h * d.column) || (anchor === caption && underIcon(other));
  const near = (other: Cluster) =>
    other.y0 - caption.y1 < Math.max(h * d.belowNear, other.height * d.belowNearOfFigure);
  const column = clusters
    .filter(
      (other) =>
        other !== caption &&
        other.y0 >= caption.y1 - h * d.belowOverlap &&
        other.y0 - caption.y1 < Math.max(h * d.belowReach, other.height * d.belowReachOfFigure) &&
        inColumn(other, caption),
    )
    .sort((a, b) => a.y0 - b.y0);
  let named: ReturnType<typeof platformNamed> = null;
  for (const other of column) {
    const name = platformNamed(other.text);
    if (name) {
      named = name;
      continue;
    }
    // A table's row named for another platform holds its figures, not this screen's; the row named
    // for this one holds its figure however far down.
    const row = rowPlatform(other, clusters);
    if (row && row !== platform) continue;
    if (!named && !near(other) && row !== platform) continue;
    if (named && named !== platform) {
      if (captions.has(other)) return null;
      continue;
    }
    const verdict = judge(other, caption, captions, d);
    if (verdict === 'stop') return null;
    if (verdict === 'skip') continue;
    if (verdict === 'blur') return { cluster: other, figure: null };
    const alike = (under: Cluster) =>
      under !== other &&
      under.y0 >= other.y1 - h * d.rowOverlap &&
      Math.abs(under.height - other.height) < other.height * d.rowHeightSlack &&
      inColumn(under, other);
    // The next row of a table: a figure like it under it, close or further down (rows with a line of
    // description each), with nothing but figures, distractors and marks between them in the column;
    // a caption or any other text between them makes it the next card's figure.
    const onlyFiguresBetween = (under: Cluster) =>
      !clusters.some(
        (mid) =>
          mid.y0 >= other.y1 &&
          mid.y1 <= under.y0 &&
          inColumn(mid, other) &&
          !isNoise(mid.text) &&
          !onlyDistractors(mid.text) &&
          !figureOnly(mid.text),
      );
    const next = clusters
      .filter(
        (under) =>
          alike(under) &&
          under.y0 - other.y1 < Math.max(other.height * d.rowGapOfFigure, h * d.rowGap) &&
          onlyFiguresBetween(under),
      )
      .sort((a, b) => a.y0 - b.y0)[0];
    // A row OCR could not make out is a row all the same ("il" between "317" and "74"): one word, no
    // wider than a figure might be; not a chart under a card, garbled across the screen ("rm — El").
    const unreadRow = (under: Cluster) =>
      under.words.length === 1 &&
      under.x1 - under.x0 <= (other.x1 - other.x0) * d.unreadRowWidth &&
      judge(under, caption, captions, d) === 'blur';
    if (next && !captions.has(next) && (figureOnly(next.text) || unreadRow(next))) {
      const rows = column.filter((under) => under === other || (alike(under) && figureOnly(under.text)));
      const own = ownPlatformRow(platform, rows, clusters);
      const figure = own && figureOnly(own.text);
      return own && figure ? { cluster: own, figure } : null;
    }
    return { cluster: other, figure: verdict };
  }
  return null;
}

/**
 * Where a caption's figure must be when OCR saw nothing there: a row or grid of cards whose other
 * captions (two at least, as large) have their figures at one offset from them, as under "Followers"
 * in a row of "Views", "Likes", "Shares" whose figures were read. Only a place for a closer look.
 */
export function whereTheRowHasItsFigures(
  layout: ScreenLayout,
  cluster: Cluster,
  placed: Map<Cluster, Region>,
  clusters: Cluster[],
): Region | null {
  const d = distancesOf(layout);
  const h = cluster.height;
  const alike = [...placed].filter(
    ([other]) => other !== cluster && Math.abs(other.height - h) < h * d.siblingHeightSlack,
  );
  const inRow = alike.filter(([other]) => Math.abs(other.y0 - cluster.y0) < h * d.siblingRow);
  // Or a grid of cards, with a card and its figure above the caption in its column ("Likes" under
  // "Post views", where "Comments" beside it is no caption we read); not a tab above the grid.
  const inColumn = alike.some(
    ([other, box]) => Math.abs(other.x0 - cluster.x0) < h * d.siblingColumn && box.y1 <= cluster.y0,
  );
  const siblings = inRow.length >= 2 ? inRow : inColumn ? alike : [];
  if (siblings.length < 2) return null;
  const offsets = siblings.map(([other, box]) => ({
    dx: box.x0 - other.x0,
    dy: box.y0 - other.y0,
    width: box.x1 - box.x0,
    height: box.y1 - box.y0,
  }));
  const [first] = offsets;
  const agree = offsets.every(
    (offset) =>
      Math.abs(offset.dx - first!.dx) < h * d.offsetAcross &&
      Math.abs(offset.dy - first!.dy) < h * d.offsetDown,
  );
  if (!agree) return null;
  const x0 = cluster.x0 + Math.min(...offsets.map((offset) => offset.dx));
  const y0 = cluster.y0 + Math.min(...offsets.map((offset) => offset.dy));
  const box = {
    x0,
    y0,
    x1: x0 + Math.max(...offsets.map((offset) => offset.width)),
    y1: y0 + Math.max(...offsets.map((offset) => offset.height)),
  };
  // A dash in the figure's place is the platform saying there is none ("Est. rewards —, Not
  // eligible"): nothing to look at closer, where the dash might read as a 1. OCR may see its
  // shadow in a re-encoded screenshot as an underscore beside it ("-_").
  const dashed = clusters.some(
    (other) =>
      /^[—–-][—–_-]*$/.test(other.text) &&
      centre(other) >= box.y0 &&
      centre(other) <= box.y1 &&
      other.x0 < box.x1 &&
      other.x1 > box.x0,
  );
  return dashed ? null : box;
}
