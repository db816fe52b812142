import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The platforms' fonts where their licences allow embedding them (both OFL-1.1, from Fontsource, pinned
 * in devDependencies): Roboto is YouTube's; Inter stands in for Instagram's and TikTok's own sans, which
 * are not free to embed. Latin subset, the weights the pages use.
 */
const FONTS = {
  roboto: { family: 'Roboto', weights: [400, 500, 700] },
  inter: { family: 'Inter', weights: [400, 500, 600, 700] },
} as const;
type FontName = keyof typeof FONTS;

const LINK = /<link rel="stylesheet" href="@fontsource\/([a-z-]+)" \/>/g;

const faces = new Map<FontName, Promise<string>>();

async function fontFaces(name: FontName): Promise<string> {
  const { family, weights } = FONTS[name];
  const rules = weights.map(async (weight) => {
    const file = require.resolve(`@fontsource/${name}/files/${name}-latin-${weight}-normal.woff2`);
    const data = (await readFile(file)).toString('base64');
    return `@font-face{font-family:"${family}";font-style:normal;font-weight:${weight};font-display:block;src:url(data:font/woff2;base64,${data}) format("woff2")}`;
  });
  return (await Promise.all(rules)).join('\n');
}

/**
 * A page asks for a font with `<link rel="stylesheet" href="@fontsource/roboto" />` (or `inter`); the
 * link is replaced by @font-face rules with the font files as data URIs, so the page draws with the same
 * glyphs on every machine whatever fonts it has installed. Pages without the link are left as they are.
 */
export async function inlineFonts(html: string): Promise<string> {
  let out = html;
  for (const [link, name] of html.matchAll(LINK)) {
    if (!(name! in FONTS)) throw new Error(`No font ${name}: embed one of ${Object.keys(FONTS).join(', ')}`);
    const font = name as FontName;
    if (!faces.has(font)) faces.set(font, fontFaces(font));
    out = out.replace(link, `<style>${await faces.get(font)}</style>`);
  }
  return out;
}
