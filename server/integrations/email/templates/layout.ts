import { escapeHtml } from '../../../escape-html';

/**
 * The product's look for email: dark, bold, high-contrast, the client's colours. Everything is inline
 * styles and tables because mail clients drop <style> blocks and modern layout.
 */
export const EMAIL_COLOURS = {
  background: '#09090b',
  card: '#111114',
  border: '#2a2a31',
  text: '#fafafa',
  muted: '#a1a1aa',
  primary: '#c8f542',
  onPrimary: '#0a0a0a',
  accent: '#ff5a1f',
} as const;

const FONT = "ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif";
const DISPLAY_FONT = "'Arial Black','Helvetica Neue',Arial,sans-serif";

/** What every email is made of before it meets a transport. */
export type RenderedEmail = {
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe …) for transports that carry them. */
  headers: Record<string, string>;
  replyTo?: string;
};

/** A person's own words (contact messages): escaped, line breaks kept. */
export function quotedText(value: string): string {
  return escapeHtml(value).replaceAll(/\r?\n/g, '<br>');
}

export function paragraph(html: string): string {
  return `<p style="margin:0 0 16px;font-family:${FONT};font-size:16px;line-height:1.6;color:${EMAIL_COLOURS.text};">${html}</p>`;
}

export function mutedParagraph(html: string): string {
  return `<p style="margin:0 0 12px;font-family:${FONT};font-size:13px;line-height:1.6;color:${EMAIL_COLOURS.muted};">${html}</p>`;
}

export function button(label: string, href: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr><td style="background:${EMAIL_COLOURS.primary};border-radius:6px;"><a href="${escapeHtml(href)}" style="display:inline-block;padding:14px 28px;font-family:${DISPLAY_FONT};font-size:15px;font-weight:900;letter-spacing:0.04em;text-transform:uppercase;text-decoration:none;color:${EMAIL_COLOURS.onPrimary};">${escapeHtml(label)}</a></td></tr></table>`;
}

/** A highlighted panel: the position and tier, a quoted message. */
export function panel(html: string): string {
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 24px;"><tr><td style="padding:20px;background:${EMAIL_COLOURS.background};border:2px solid ${EMAIL_COLOURS.border};border-left:4px solid ${EMAIL_COLOURS.primary};border-radius:6px;font-family:${FONT};font-size:15px;line-height:1.6;color:${EMAIL_COLOURS.text};">${html}</td></tr></table>`;
}

export function list(items: string[]): string {
  const rows = items
    .map(
      (item, index) =>
        `<tr><td valign="top" style="padding:0 12px 12px 0;font-family:${DISPLAY_FONT};font-size:16px;font-weight:900;color:${EMAIL_COLOURS.primary};">${index + 1}</td><td style="padding:0 0 12px;font-family:${FONT};font-size:15px;line-height:1.6;color:${EMAIL_COLOURS.text};">${item}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;">${rows}</table>`;
}

export function emailHtml(options: {
  title: string;
  /** The line mail clients show beside the subject. */
  preheader: string;
  heading: string;
  body: string;
  footer: string;
}): string {
  const { background, card, border, primary, muted } = EMAIL_COLOURS;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="dark">
<title>${escapeHtml(options.title)}</title>
</head>
<body style="margin:0;padding:0;background:${background};">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(options.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${background};">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;">
<tr><td style="padding:0 0 20px;font-family:${DISPLAY_FONT};font-size:20px;font-weight:900;letter-spacing:0.08em;color:${primary};">BALLAST</td></tr>
<tr><td style="padding:32px;background:${card};border:2px solid ${border};border-radius:12px;">
<h1 style="margin:0 0 20px;font-family:${DISPLAY_FONT};font-size:28px;line-height:1.15;font-weight:900;text-transform:uppercase;color:${EMAIL_COLOURS.text};">${escapeHtml(options.heading)}</h1>
${options.body}
</td></tr>
<tr><td style="padding:20px 4px 0;font-family:${FONT};font-size:12px;line-height:1.6;color:${muted};">${options.footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

/** "24 November 2026 at 10:31 (UK time)". */
export function ukTime(iso: string): string {
  const when = new Date(iso);
  const day = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(when);
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  }).format(when);
  return `${day} at ${time} (UK time)`;
}

export const TEXT_SIGNATURE = '— The Ballast team';
