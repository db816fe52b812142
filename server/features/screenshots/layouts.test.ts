import { describe, expect, it } from 'vitest';
import { loadScreens } from '../../../tests/support/analytics-screens';
import { detectLayout, generalLayout, LAYOUTS } from './layouts';

/** A page's visible text, a line for each block, as OCR would see it. */
const textOf = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<script>[\s\S]*?<\/script>/g, '')
    .replace(/<(?:br|\/div|\/p|\/li|\/h\d|\/tr|\/span)[^>]*>/g, '\n')
    .replace(/<[^>]+>/g, ' ')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0);

describe('which screen this is', () => {
  it('knows YouTube Studio in English and in German by their words', () => {
    expect(
      detectLayout('youtube', ['Channel analytics', 'Last 28 days', 'Views', 'Subscribers', 'Realtime'])?.id,
    ).toBe('youtube/studio.en');
    expect(
      detectLayout('youtube', ['Kanalanalysen', 'Letzte 28 Tage', 'Aufrufe', 'Abonnenten', 'Wiedergabezeit'])
        ?.id,
    ).toBe('youtube/studio.de');
  });

  it('tells TikTok in Portuguese from TikTok in Spanish, though they share words, accents lost or not', () => {
    const portuguese = ['Visão geral', 'Visualizacoes de publicacoes', 'Curtidas', 'Total de seguidores'];
    const spanish = ['Resumen', 'Visualizaciones de publicaciones', 'Me gusta', 'Total de seguidores'];
    expect(detectLayout('tiktok', portuguese)?.id).toBe('tiktok/analytics.pt');
    expect(detectLayout('tiktok', spanish)?.id).toBe('tiktok/analytics.es');
  });

  it('reads a screen no layout knows, or two know as well, by the general reader', () => {
    expect(detectLayout('instagram', ['Facebook Page', 'Post reach', 'Reactions'])).toBeNull();
    // One word of each language, and nothing else: neither is the screen's.
    expect(detectLayout('tiktok', ['Curtidas', 'Me gusta'])).toBeNull();
    const general = generalLayout('tiktok');
    expect(general.captions.map((caption) => caption.label)).toEqual(
      expect.arrayContaining(['net followers', 'follower insgesamt', 'curtidas', 'premi stimati']),
    );
  });

  it('has every layout name its platform, language and captions once each', () => {
    expect(new Set(LAYOUTS.map((layout) => layout.id)).size).toBe(LAYOUTS.length);
    for (const layout of LAYOUTS) {
      expect(layout.id.startsWith(`${layout.platform}/`), layout.id).toBe(true);
      expect(layout.id.endsWith(`.${layout.language}`), layout.id).toBe(true);
      const labels = layout.captions.map((caption) => caption.label);
      expect(new Set(labels).size, layout.id).toBe(labels.length);
      expect(layout.recognisedBy.length, layout.id).toBeGreaterThan(layout.recognisedAt);
    }
  });

  it('recognises the development screens of the accuracy set by their pages’ words, each by its platform’s layout', async () => {
    const screens = (await loadScreens()).filter((screen) => screen.half === 'development');
    const unknown: string[] = [];
    for (const screen of screens) {
      const layout = detectLayout(screen.platform, textOf(screen.html));
      if (layout) expect(layout.platform, screen.id).toBe(screen.platform);
      else unknown.push(screen.id);
    }
    // Every one is a screen a layout describes: none is left to the general reader.
    expect(unknown).toEqual([]);
  });
});
