/**
 * The distances that place a figure against its caption (decision 069): how far from it, how large,
 * how nearly in its column. Each is a multiple of a height on the screen, most often the caption's line
 * height, so that it holds at any size a screen is saved at. The general reader's are
 * `GENERAL_DISTANCES`; a layout sets its own (`distances`) only where its development screens need it,
 * measured (docs/screenshots.md).
 *
 * Not here, because they do not place anything: the shapes of text (how long a garbled figure's word
 * may be, `garbledNumber`, `largeGarble`, the icon row's counts; a word of four letters is text), how
 * figures are written (figures.ts), and how closely a figure is looked at again (read-screen.ts's look
 * heights, settle.ts's SURE confidence), which hold for every screen. Nor are counts of things (two
 * other captions at least in a row, three counts in a row of icons): those are what a row is, not how
 * far apart its parts are.
 */
export type Distances = {
  /**
   * Words of one OCR line further apart than this, in the taller word's heights, are two clusters
   * (two cards' captions, or a list's label and its figure at the far right): about one letter.
   */
  wordGap: number;
  /**
   * A word after a figure on its line less tall than this, in the figure's heights, is something
   * drawn beside the figure (a comment-count chip "▪ 318", a badge's count), not a part of it.
   */
  smallBesideFigure: number;
  /**
   * Two clusters share a column when their left edges, right edges or centres are this close, in the
   * caption's line heights (about two letters).
   */
  column: number;
  /**
   * How far under a realtime heading its panel reaches, in the heading's line heights: YouTube's panel
   * holds a live count, a chart, a second figure and a top-five list under its heading.
   */
  realtimePanel: number;

  /** Text less tall than this, in caption heights, is small print the search passes over. */
  smallPrint: number;
  /**
   * Digits at least this tall, in caption heights, are printed at a figure's size: a figure OCR read
   * as no figure ("24 8K", "M71") rather than small print.
   */
  figureHeight: number;
  /**
   * Text that is no figure, read with less confidence than this (OCR's 0 to 100), is a figure OCR
   * could not make out, worth a closer look, rather than a line that stops the search.
   */
  blurredBelow: number;

  /**
   * A figure beside its caption but not centred on its row (a figure and its change centred on the
   * caption together) is at least this tall, in caption heights.
   */
  besideHeight: number;

  /**
   * A figure printed above its caption may reach this far down into the caption's line, in caption
   * heights.
   */
  aboveOverlap: number;
  /** It stands at most this far above the caption, in caption heights, … */
  aboveGap: number;
  /** … or this far, in the figure's own heights, when that is further (a large figure over small print). */
  aboveGapOfFigure: number;
  /** It is at least this tall, in caption heights. */
  aboveHeight: number;

  /**
   * A caption's icon that OCR did not see leaves the caption starting right of its figure: a figure
   * starting left of the caption by less than this, in caption heights, and reaching under it, is in
   * its column.
   */
  iconWidth: number;
  /** A figure under its caption may start this far up into the caption's line, in caption heights. */
  belowOverlap: number;
  /** The column under a caption reaches this far down, in caption heights, … */
  belowReach: number;
  /** … or this far, in the figure's own heights, when that is further. */
  belowReachOfFigure: number;
  /**
   * A figure under a caption, with no platform named between them, is the caption's when it starts
   * closer than this, in caption heights, …
   */
  belowNear: number;
  /** … or than this, in the figure's own heights, when that is further. */
  belowNearOfFigure: number;

  /** The next row of a table may start this far up into the figure above it, in caption heights. */
  rowOverlap: number;
  /** Its figure is as large as the one above it: their heights differ by less than this share of it. */
  rowHeightSlack: number;
  /** It starts less than this far under the figure above it, in caption heights, … */
  rowGap: number;
  /** … or than this, in that figure's heights, when that is further. */
  rowGapOfFigure: number;
  /** A row OCR could not make out is no wider than this many times the figure above it. */
  unreadRowWidth: number;

  /**
   * Where a caption's figure must be when OCR saw none there: other captions are as large as it when
   * their heights differ by less than this, in its heights.
   */
  siblingHeightSlack: number;
  /** They are in its row when their tops are closer than this, in its heights, … */
  siblingRow: number;
  /** … or in its column (a grid of cards) when their left edges are closer than this, in its heights. */
  siblingColumn: number;
  /** Their figures stand at one offset from them: across, within this, in the caption's heights, … */
  offsetAcross: number;
  /** … and down, within this. */
  offsetDown: number;

  /**
   * An icon before a caption that OCR read as one or two characters is set apart from it by more
   * than this, in the icon's heights, …
   */
  iconGap: number;
  /** … or by more than this many times the widest space between the caption's own words, … */
  iconGapOverSpaces: number;
  /**
   * … or is off the caption's line: its middle further than this from the first word's, in that
   * word's heights.
   */
  iconOffLine: number;
  /** A first word of a few characters read with less confidence than this (0 to 100) is an icon. */
  iconUnsureBelow: number;

  /**
   * The line under a caption (the second line of a wrapped caption, or the words a caption goes on
   * with, "Watch time / from impressions") may start this far up into the caption's line, in caption
   * heights, …
   */
  nextLineOverlap: number;
  /** … starts less than this far under it, in caption heights, … */
  nextLineGap: number;
  /** … and starts where the caption does, within this, in caption heights. */
  nextLineIndent: number;
  /**
   * A wrapped caption's second line is as large as its first: their heights differ by less than this,
   * in caption heights.
   */
  wrapHeightSlack: number;
  /**
   * A caption's words going on below it are as large as it: their heights differ by less than this, in
   * caption heights.
   */
  continuedHeightSlack: number;

  /** A post's row of icons and counts is in this upper share of the screen (of its words' height). */
  iconRowUpper: number;
  /** A first word this many times as wide as it is tall is an icon and its count, not an icon alone. */
  gluedWidth: number;
  /** A word this close above or under a count, in the count's heights, is its caption. */
  countCaptionGap: number;
  /** A shortening ("mil", "K") this close after a count, in the count's heights, is the count's. */
  suffixGap: number;

  /**
   * Words after a caption at least this tall, in the caption's word heights, are a badge drawn round
   * them (a pill), where the layout says a badge may follow the caption (`badge`).
   */
  badgeHeight: number;

  /**
   * How far above a row of cards' captions the figures of the row over it, whose captions a snip
   * cut off, may stand, in the captions' heights (`cardRows`).
   */
  cutRowReach: number;

  /** How far under a figure the change it states may be printed, in the figure's heights. */
  changeBelow: number;
  /** How far right of a figure its change may stand, in the figure's heights ("245K  +12.4%"). */
  changeRight: number;
  /** How far left of a figure the change under it may start, in the figure's heights ("↓ 35%"). */
  changeLeft: number;
};

/** The general reader's distances: every layout's, unless it sets its own. */
export const GENERAL_DISTANCES: Readonly<Distances> = {
  wordGap: 1.2,
  smallBesideFigure: 0.55,
  column: 2,
  realtimePanel: 30,
  smallPrint: 0.4,
  figureHeight: 1.5,
  blurredBelow: 45,
  besideHeight: 0.7,
  aboveOverlap: 0.3,
  aboveGap: 1.5,
  aboveGapOfFigure: 0.6,
  aboveHeight: 0.9,
  iconWidth: 2.5,
  belowOverlap: 0.3,
  belowReach: 12,
  belowReachOfFigure: 1.5,
  belowNear: 5,
  belowNearOfFigure: 1.5,
  rowOverlap: 0.3,
  rowHeightSlack: 0.35,
  rowGap: 10,
  rowGapOfFigure: 2.5,
  unreadRowWidth: 2,
  siblingHeightSlack: 0.35,
  siblingRow: 0.5,
  siblingColumn: 1,
  offsetAcross: 1,
  offsetDown: 0.5,
  iconGap: 0.7,
  iconGapOverSpaces: 1.15,
  iconOffLine: 0.3,
  iconUnsureBelow: 50,
  nextLineOverlap: 0.3,
  nextLineGap: 0.8,
  nextLineIndent: 1,
  wrapHeightSlack: 0.4,
  continuedHeightSlack: 0.35,
  iconRowUpper: 0.4,
  gluedWidth: 1.6,
  countCaptionGap: 0.75,
  suffixGap: 0.6,
  badgeHeight: 1.25,
  cutRowReach: 8,
  changeBelow: 3,
  changeRight: 6,
  changeLeft: 1,
};

/** Each layout's distances, merged once: every placement of every caption asks for them. */
const merged = new WeakMap<object, Distances>();

/** A layout's distances: its own where it sets them, the general reader's for the rest. */
export function distancesOf(layout: { distances?: Partial<Distances> }): Distances {
  const known = merged.get(layout);
  if (known) return known;
  // A distance set to undefined is one the layout does not set.
  const own = Object.entries(layout.distances ?? {}).filter(([, value]) => value !== undefined);
  const distances: Distances = Object.freeze({ ...GENERAL_DISTANCES, ...Object.fromEntries(own) });
  merged.set(layout, distances);
  return distances;
}
