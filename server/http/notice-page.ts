import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '../escape-html';
import { EMAIL_COLOURS } from '../integrations/email/templates/layout';

export type NoticePageOptions = {
  title: string;
  lines: string[];
  publicUrl: string;
  /** The small print under the card. */
  footnote: string;
  /** A link styled as a button, or a button that POSTs a plain form (no script needed). */
  action?: { kind: 'link'; label: string; href: string } | { kind: 'form'; label: string; action: string };
  /** A second, quieter choice: a form button under a line that explains it. */
  secondaryAction?: { note: string; label: string; action: string };
  /**
   * A link to pass on, shown in full to copy, with a Share button where the device has a share sheet
   * (phones) and a Copy button where it has a clipboard; both come from SHARE_SCRIPT_PATH.
   */
  share?: { url: string; text: string };
};

/** The small script the share buttons need (served by the waitlist's routes, `script-src 'self'`). */
export const SHARE_SCRIPT_PATH = '/waitlist/share.js';

const FONT = "ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif";
const DISPLAY = "'Arial Black',Arial,sans-serif";

/**
 * A small server-rendered page for links that arrive by email (unsubscribe, the £5 payment link): it
 * works without the client app, and uses inline style attributes only, which the content security
 * policy allows (no <style> block; the one script, for share buttons, is a file of our own).
 */
export function noticePage(options: NoticePageOptions): string {
  const { background, card, border, text, muted, primary, onPrimary } = EMAIL_COLOURS;
  const { action, secondaryAction } = options;
  const button = `max-width:100%;overflow-wrap:anywhere;padding:14px 28px;background:${primary};color:${onPrimary};border:0;border-radius:6px;font-family:${DISPLAY};font-size:15px;font-weight:900;text-transform:uppercase;text-decoration:none;cursor:pointer;`;
  const actionHtml = !action
    ? ''
    : action.kind === 'link'
      ? `<p style="margin:24px 0 0;"><a href="${escapeHtml(action.href)}" style="display:inline-block;${button}">${escapeHtml(action.label)}</a></p>`
      : `<form method="post" action="${escapeHtml(action.action)}" style="margin:24px 0 0;"><input type="hidden" name="confirm" value="yes"><button type="submit" style="${button}">${escapeHtml(action.label)}</button></form>`;
  const shareHtml = options.share ? shareBlock(options.share) : '';
  const secondaryHtml = secondaryAction
    ? `<div style="margin:28px 0 0;padding:20px 0 0;border-top:1px solid ${border};"><p style="margin:0 0 12px;font-size:14px;line-height:1.6;color:${muted};">${escapeHtml(secondaryAction.note)}</p><form method="post" action="${escapeHtml(secondaryAction.action)}"><input type="hidden" name="confirm" value="yes"><button type="submit" style="padding:10px 20px;background:transparent;color:${text};border:2px solid ${border};border-radius:6px;font-size:14px;font-weight:700;cursor:pointer;">${escapeHtml(secondaryAction.label)}</button></form></div>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(options.title)} | Ballast</title>
</head>
<body style="margin:0;min-height:100vh;background:${background};color:${text};font-family:${FONT};">
<main style="max-width:520px;margin:0 auto;padding:64px 20px;">
<p style="margin:0 0 24px;font-family:${DISPLAY};font-weight:900;letter-spacing:0.08em;color:${primary};">BALLAST</p>
<div style="padding:32px;background:${card};border:2px solid ${border};border-radius:12px;">
<h1 style="margin:0 0 16px;font-family:${DISPLAY};font-size:28px;line-height:1.15;text-transform:uppercase;">${escapeHtml(options.title)}</h1>
${options.lines.map((line) => `<p style="margin:0 0 12px;font-size:16px;line-height:1.6;overflow-wrap:anywhere;">${escapeHtml(line)}</p>`).join('\n')}
${actionHtml}
${shareHtml}
${secondaryHtml}
<p style="margin:24px 0 0;"><a href="${escapeHtml(options.publicUrl)}/" style="color:${primary};font-weight:700;">Back to Ballast</a></p>
</div>
<p style="margin:20px 4px 0;font-size:12px;color:${muted};">${escapeHtml(options.footnote)}</p>
</main>
</body>
</html>`;
}

function shareBlock({ url, text }: { url: string; text: string }): string {
  const { border, text: ink, primary, onPrimary } = EMAIL_COLOURS;
  const small = `margin:12px 12px 0 0;padding:10px 20px;border-radius:6px;font-size:14px;font-weight:700;cursor:pointer;`;
  return `<div style="margin:24px 0 0;"><label for="share-link" style="display:block;margin:0 0 8px;font-size:14px;font-weight:700;">Your link to share</label><input id="share-link" readonly value="${escapeHtml(url)}" style="box-sizing:border-box;width:100%;padding:12px;border:2px solid ${border};border-radius:6px;font-size:15px;color:${ink};background:transparent;"><button type="button" hidden data-share="${escapeHtml(url)}" data-text="${escapeHtml(text)}" style="${small}background:${primary};color:${onPrimary};border:0;">Share my link</button><button type="button" hidden data-copy="${escapeHtml(url)}" style="${small}background:transparent;color:${ink};border:2px solid ${border};">Copy link</button></div>
<script src="${SHARE_SCRIPT_PATH}" defer></script>`;
}

/** The share buttons' script: each shows only where the browser can do what it says. */
export const SHARE_SCRIPT = `for (const button of document.querySelectorAll('[data-share]')) {
  if (!navigator.share) continue;
  button.hidden = false;
  button.addEventListener('click', () => {
    navigator.share({ title: 'Ballast', text: button.dataset.text, url: button.dataset.share }).catch(() => {});
  });
}
for (const button of document.querySelectorAll('[data-copy]')) {
  if (!navigator.clipboard) continue;
  button.hidden = false;
  button.addEventListener('click', () => {
    navigator.clipboard.writeText(button.dataset.copy).then(() => { button.textContent = 'Copied'; }, () => {});
  });
}
`;

/** Answers with a notice page: HTML, never cached (each says what happened to one person's link). */
export function sendNoticePage(reply: FastifyReply, status: number, options: NoticePageOptions) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(noticePage(options));
}

/**
 * Lets a scope's routes take the notice page's own forms: a button posts `confirm=yes`, and RFC 8058's
 * one-click unsubscribe posts "List-Unsubscribe=One-Click"; the body is kept as the text it is.
 */
export function acceptNoticePageForms(scope: FastifyInstance) {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );
}
