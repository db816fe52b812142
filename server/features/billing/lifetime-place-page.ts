import { EMAIL_COLOURS, escapeHtml } from '../../integrations/email/templates/layout';

/**
 * The small pages of the £5 payment link (already paid, thank you, not paid yet, broken link). They
 * are public and work without the client app; inline style attributes only, as the content security
 * policy allows.
 */
export function lifetimePlacePage(options: {
  title: string;
  lines: string[];
  publicUrl: string;
  action?: { label: string; href: string };
}): string {
  const { background, card, border, text, muted, primary, onPrimary } = EMAIL_COLOURS;
  const font = "ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif";
  const display = "'Arial Black',Arial,sans-serif";
  const action = options.action
    ? `<p style="margin:24px 0 0;"><a href="${escapeHtml(options.action.href)}" style="display:inline-block;padding:14px 28px;background:${primary};color:${onPrimary};border-radius:6px;font-family:${display};font-weight:900;text-transform:uppercase;text-decoration:none;">${escapeHtml(options.action.label)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(options.title)} | Ballast</title>
</head>
<body style="margin:0;min-height:100vh;background:${background};color:${text};font-family:${font};">
<main style="max-width:520px;margin:0 auto;padding:64px 20px;">
<p style="margin:0 0 24px;font-family:${display};font-weight:900;letter-spacing:0.08em;color:${primary};">BALLAST</p>
<div style="padding:32px;background:${card};border:2px solid ${border};border-radius:12px;">
<h1 style="margin:0 0 16px;font-family:${display};font-size:28px;line-height:1.15;text-transform:uppercase;">${escapeHtml(options.title)}</h1>
${options.lines.map((line) => `<p style="margin:0 0 12px;font-size:16px;line-height:1.6;">${escapeHtml(line)}</p>`).join('\n')}
${action}
<p style="margin:24px 0 0;"><a href="${escapeHtml(options.publicUrl)}/" style="color:${primary};font-weight:700;">Back to Ballast</a></p>
</div>
<p style="margin:20px 4px 0;font-size:12px;color:${muted};">Payments are handled by Stripe. Ballast never sees your card details.</p>
</main>
</body>
</html>`;
}
