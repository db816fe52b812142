import type { ScreenshotPlatform } from '@common/screenshots';
import type { OcrLanguage } from '../../../integrations/ocr/reader';
import type { MetricKey } from '../labels';
import type { Distances } from './distances';

/**
 * One screen a platform draws, in one language, as the reader reads it (decision 067): the words that
 * say it is this screen, which captions name which metric and what their figures are, where a
 * realtime panel starts, and the distances that place a figure against its caption. A layout is data:
 * adding a screen or a language is a new file here, and a fixture, not a new rule in the reader.
 */
export type ScreenLayout = {
  /** "youtube/studio.en": the platform, the screen, the language. */
  id: string;
  platform: ScreenshotPlatform;
  /** As a creator would name the screen: "YouTube Studio, in English". */
  name: string;
  /** The language its captions are in (ISO 639-1): the OCR model that reads it (OCR_LANGUAGES). */
  language: OcrLanguage;
  /**
   * Words and phrases its screens print (lower case, accents as printed). The layout is the screen's
   * when at least `recognisedAt` of them are seen, and more of them than of any other layout's.
   */
  recognisedBy: readonly string[];
  recognisedAt: number;
  /** Longest first is not required: a caption is matched against the longest label that fits. */
  captions: readonly LayoutCaption[];
  /**
   * A realtime panel, where the screen has one: its headings ("Realtime", "Updating live"), a caption
   * under one of which, in its column, names a realtime figure, never the period's total; and
   * whether its figures stand above their captions (YouTube's "86,412 / Subscribers").
   */
  realtime?: { headings: readonly string[]; figuresAbove: boolean };
  /**
   * Lines the screen prints between a caption and its figure that are neither ("Instagram ·
   * Lifetime" under Business Suite's "Followers"): passed over, never read as a blurred figure.
   */
  notFigures?: readonly string[];
  /**
   * A post's likes may stand as the first count in a row of icons with no caption (a heart and its
   * count, a bubble and its count): read there when no caption named the likes.
   */
  likesBesideIcons?: boolean;
  /**
   * Its cards in rows, top to bottom, each row's metrics left to right (Instagram's dashboard: Views
   * and Accounts reached over Accounts engaged and Profile visits). A row whose captions a snip cut
   * off is read from the figures standing over the next row's captions (card-rows.ts).
   */
  cardRows?: readonly (readonly MetricKey[])[];
  /**
   * The layout's own distances where its screens differ from the general reader's (`distances.ts`:
   * each named there, with its unit), set only where its development screens were measured to need
   * it. The rest are the general reader's.
   */
  distances?: Partial<Distances>;
};

export type LayoutCaption = {
  /**
   * The caption as printed, lower case ("current subscribers", "net followers"), matched whole:
   * "views" is not "profile views" nor "impressions click-through rate".
   */
  label: string;
  metric: MetricKey;
  /**
   * What its figure is: the period's or the account's total (the default), a change over the period
   * ("Net followers +56", "New followers"), or a realtime figure ("Views · Last 48 hours"). A figure
   * printed with a sign ("+12.3K") is a change whatever its caption says.
   */
  kind?: 'total' | 'change' | 'realtime';
  /**
   * Its figure is printed above it where there is one (the Studio app's "45.7K / Current
   * subscribers"); otherwise beside or under it.
   */
  figureAbove?: boolean;
  /**
   * A badge may stand after it on its line: Instagram's "3 new" pill beside "Total followers", which
   * OCR reads as a garbled word ("(@hew)"). Words after the caption that stand taller than its
   * letters (`badgeHeight`, the pill drawn round them) are the badge's, not the caption's.
   */
  badge?: boolean;
};
