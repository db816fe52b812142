#!/usr/bin/env node
// `npm run build`: the server bundle, the client bundle, then every public page prerendered to HTML
// inside it (docs/decisions/013-prerendered-public-pages.md). The server sends those pages to
// signed-out visitors.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { buildServer } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDist = path.join(root, 'dist/client');
const prerenderDist = path.join(root, 'dist/prerender');
const pagesDir = path.join(clientDist, 'prerendered');
// Only known when the server starts; it replaces this in every page it loads.
const PUBLIC_URL = '__BALLAST_PUBLIC_URL__';

await buildServer();
const configFile = path.join(root, 'vite.config.ts');
await build({ configFile });
await build({
  configFile,
  logLevel: 'warn',
  ssr: { noExternal: true },
  build: {
    ssr: 'src/prerender.tsx',
    outDir: prerenderDist,
    emptyOutDir: true,
    sourcemap: false,
    copyPublicDir: false,
    manifest: false,
  },
});

const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function headFor(page, isNotFound) {
  const title = escapeHtml(page.title);
  const description = escapeHtml(page.description);
  const url = `${PUBLIC_URL}${page.path}`;
  const image = `${PUBLIC_URL}/og-image.png`;
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    isNotFound ? '<meta name="robots" content="noindex" />' : `<link rel="canonical" href="${url}" />`,
    '<meta property="og:type" content="website" />',
    '<meta property="og:site_name" content="Ballast" />',
    '<meta property="og:locale" content="en_GB" />',
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    isNotFound ? '' : `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${image}" />`,
    '<meta property="og:image:width" content="1200" />',
    '<meta property="og:image:height" content="630" />',
    '<meta property="og:image:alt" content="Ballast: protect your creator income from the next algorithm change" />',
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${image}" />`,
  ]
    .filter(Boolean)
    .map((line) => `    ${line}`)
    .join('\n');
}

/**
 * The stylesheet goes inline into each prerendered page: one request fewer before the first paint,
 * which is most of what a phone on a slow network waits for (the CSP allows inline styles).
 */
async function inlineStylesheet(html) {
  const link = html.match(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/);
  if (!link) return html;
  const css = await readFile(path.join(clientDist, link[1]), 'utf8');
  if (css.includes('</style')) throw new Error(`${link[1]} cannot be inlined: it contains </style`);
  return html.replace(link[0], () => `<style>${css}</style>`);
}

function assemble(template, page, body, isNotFound) {
  // The content security policy allows no inline script: a prerendered page must not need one.
  if (/<script(?![^>]*\bsrc=)/i.test(body)) {
    throw new Error(`The prerendered ${page.path} contains an inline <script>; the CSP would block it.`);
  }
  const withoutMeta = template
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta\s+name="description"[\s\S]*?\/>/, '');
  if (!withoutMeta.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
  // React puts the preloads it wants (images) first in its output: they belong in the head.
  const preloads = body.match(/^(?:<link [^>]*>)*/)[0];
  const content = body.slice(preloads.length);
  const head = [
    headFor(page, isNotFound),
    ...preloads
      .split(/(?=<link )/)
      .filter(Boolean)
      .map((l) => `    ${l}`),
  ];
  return withoutMeta
    .replace(/\s*<\/head>/, `\n${head.join('\n')}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${content}</div>`);
}

const { renderPage, loadPublicPages } = await import(
  pathToFileURL(path.join(prerenderDist, 'prerender.js')).href
);
const { PUBLIC_PAGES, NOT_FOUND_PAGE } = await loadPublicPages();
const template = await inlineStylesheet(await readFile(path.join(clientDist, 'index.html'), 'utf8'));
await mkdir(pagesDir, { recursive: true });
const manifest = { pages: {}, shellOnly: [], notFound: '404.html' };
for (const page of PUBLIC_PAGES) {
  if (page.isShellOnly) {
    manifest.shellOnly.push(page.path);
    continue;
  }
  const file = page.path === '/' ? 'index.html' : `${page.path.slice(1).replaceAll('/', '-')}.html`;
  await writeFile(path.join(pagesDir, file), assemble(template, page, await renderPage(page.path), false));
  manifest.pages[page.path] = file;
}
const notFoundBody = await renderPage('/this-page-does-not-exist');
await writeFile(
  path.join(pagesDir, manifest.notFound),
  assemble(template, NOT_FOUND_PAGE, notFoundBody, true),
);
await writeFile(path.join(pagesDir, 'pages.json'), `${JSON.stringify(manifest, null, 2)}\n`);
await rm(prerenderDist, { recursive: true, force: true });
console.log(
  `prerendered ${Object.keys(manifest.pages).length + 1} pages into ${path.relative(root, pagesDir)}/`,
);
