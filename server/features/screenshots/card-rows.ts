import type { Region } from '../../integrations/ocr/reader';
import type { Caption } from './caption-lines';
import { onlyDistractors } from './figure-places';
import { figureOnly } from './figures';
import type { MetricKey, ReadMetric } from './labels';
import { alignedWith, boxOf, type Cluster, isNoise, sameRow } from './layout-clusters';
import { distancesOf, type ScreenLayout } from './layouts';

/** A figure of a cut row, placed as `locateMetrics` places the others: a total, signed by nothing. */
type CutRowFigure = {
  key: MetricKey;
  label: string;
  kind: 'total';
  box: Region;
  sign: null;
  metric: ReadMetric;
};

/**
 * The figures of a row of cards whose captions a snip cut through (`cardRows`): Instagram's dashboard
 * cropped through its Views and Accounts reached captions, their figures whole under what is left of
 * them at the top edge.
 * The row under it must be read, its captions side by side; each of its captions then has the cut
 * row's figure above it in its column: the nearest text above that is not a change or a mark, within
 * `cutRowReach` of its height, and as tall as the figure under it (`rowHeightSlack`). Every column
 * must have one, or none is taken.
 */
export function figuresOfCutRows(
  layout: ScreenLayout,
  captions: Caption[],
  clusters: Cluster[],
  /**
   * The metrics read already, with where their figure is (null: read from a sentence): the row's own
   * figures, which the cut row's are as tall as.
   */
  placed: Map<MetricKey, Region | null>,
): CutRowFigure[] {
  const d = distancesOf(layout);
  const rows = layout.cardRows ?? [];
  const found: CutRowFigure[] = [];
  for (let index = 1; index < rows.length; index++) {
    const cut = rows[index - 1]!;
    if (cut.some((key) => placed.has(key))) continue;
    const row = rows[index]!.map((key) =>
      captions.find((caption) => caption.key === key && caption.kind === 'total'),
    );
    const [first] = row;
    if (!first || row.some((caption) => !caption || !sameRow(caption.cluster, first.cluster))) continue;
    // What is left of the cut captions: letters at the image's top edge, over the row. A row cut off
    // whole leaves nothing to tell which figures they were, and its figures are not read.
    const remnant = clusters.some(
      (cluster) => cluster.y0 <= 1 && cluster.y1 < first.cluster.y0 && /\p{L}{2}/u.test(cluster.text),
    );
    if (!remnant) continue;
    const figures = (row as Caption[]).map(({ cluster: caption, key }) => {
      const h = caption.height;
      const own = placed.get(key);
      const nearest = clusters
        .filter(
          (other) =>
            other.y1 <= caption.y0 &&
            caption.y0 - other.y1 < h * d.cutRowReach &&
            alignedWith(other, caption, h * d.column) &&
            !isNoise(other.text) &&
            !onlyDistractors(other.text),
        )
        .sort((a, b) => b.y1 - a.y1)[0];
      const figure = nearest && figureOnly(nearest.text);
      const tall = own ? own.y1 - own.y0 : 0;
      const alike = Math.abs((nearest?.height ?? 0) - tall) < tall * d.rowHeightSlack;
      return nearest && figure && own && alike ? { nearest, figure } : null;
    });
    if (figures.some((figure) => !figure)) continue;
    figures.forEach((placed, column) => {
      const key = cut[column]!;
      const label = layout.captions.find((caption) => caption.metric === key)?.label ?? key;
      const { nearest, figure } = placed!;
      found.push({
        key,
        label,
        kind: 'total',
        box: boxOf(nearest.words),
        sign: null,
        metric: { key, label, ...figure, confidence: Math.round(nearest.confidence) },
      });
    });
  }
  return found;
}
