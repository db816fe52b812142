import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { AppError, notFound } from '../errors';
import { escapeHtml } from '../escape-html';
import { EMAIL_COLOURS } from '../integrations/email/templates/layout';
import { listDevMail } from './dev-mailbox';

export const DEV_MAILBOX_PATH = '/dev/mailbox';
const SHOWN = 50;

/** An email's text with every web address made a link, so a developer can follow it in one click. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/)
    .map((part, index) =>
      index % 2 === 1
        ? `<a href="${escapeHtml(part)}" style="color:${EMAIL_COLOURS.primary};">${escapeHtml(part)}</a>`
        : escapeHtml(part),
    )
    .join('');
}

function renderMailbox(mail: Awaited<ReturnType<typeof listDevMail>>): string {
  const { background, card, border, text, muted } = EMAIL_COLOURS;
  const items = mail
    .map(
      (
        message,
      ) => `<article style="margin:0 0 16px;padding:20px;background:${card};border:1px solid ${border};border-radius:8px;">
<h2 style="margin:0 0 6px;font-size:18px;">${escapeHtml(message.subject)}</h2>
<p style="margin:0 0 12px;font-size:13px;color:${muted};">To ${escapeHtml(message.to)} · from ${escapeHtml(message.from)} · ${escapeHtml(message.createdAt.toISOString())}</p>
<pre style="margin:0;white-space:pre-wrap;word-break:break-word;font-size:14px;line-height:1.5;">${linkify(message.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>Development mailbox | Ballast</title>
</head>
<body style="margin:0;background:${background};color:${text};font-family:ui-sans-serif,system-ui,sans-serif;">
<main style="max-width:760px;margin:0 auto;padding:40px 16px;">
<h1 style="margin:0 0 8px;font-size:26px;">Development mailbox</h1>
<p style="margin:0 0 24px;color:${muted};">Every email this server would have sent, newest first (the last ${SHOWN}). Reload to see new ones.</p>
${items || `<p>No emails yet.</p>`}
</main>
</body>
</html>`;
}

/** Connections from this machine itself: the developer's own browser. */
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Without an email transport, development stores each email in `dev_mailbox` instead of sending it
 * (outbox-delivery.ts). This page shows them with their links clickable, so confirming an address or
 * signing in needs no SQL. It shows every address's sign-in links, so production answers 404, and
 * elsewhere only a browser on the same machine may open it: a loopback connection that no proxy or
 * tunnel forwarded.
 */
export function registerDevMailboxPage(app: FastifyInstance, deps: { db: Db; isProduction: boolean }) {
  app.get(DEV_MAILBOX_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (deps.isProduction) throw notFound('That page');
    // A proxy or tunnel on this machine makes every visitor's connection local: it says so in a header.
    const isProxied =
      request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    if (isProxied || !LOOPBACK.test(request.socket.remoteAddress ?? ''))
      throw new AppError(
        'FORBIDDEN',
        'The development mailbox opens only in a browser on the machine running the server: open it at localhost.',
      );
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderMailbox(await listDevMail(deps.db, SHOWN)));
  });
}
