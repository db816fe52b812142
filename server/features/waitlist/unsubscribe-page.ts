import { escapeHtml } from '../../escape-html';
import { EMAIL_COLOURS } from '../../integrations/email/templates/layout';

/**
 * The small page an unsubscribe link answers with. Inline style attributes only: the content security
 * policy allows those and no <style> block, and the page must not need the client app to load.
 */
export function unsubscribePage(options: {
  title: string;
  lines: string[];
  publicUrl: string;
  /** A button that POSTs to `action` (a plain form: no script needed). */
  form?: { action: string; button: string };
}): string {
  const { background, card, border, text, muted, primary, onPrimary } = EMAIL_COLOURS;
  const font = "ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif";
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
<p style="margin:0 0 24px;font-family:'Arial Black',Arial,sans-serif;font-weight:900;letter-spacing:0.08em;color:${primary};">BALLAST</p>
<div style="padding:32px;background:${card};border:2px solid ${border};border-radius:12px;">
<h1 style="margin:0 0 16px;font-family:'Arial Black',Arial,sans-serif;font-size:28px;line-height:1.15;text-transform:uppercase;">${escapeHtml(options.title)}</h1>
${options.lines.map((line) => `<p style="margin:0 0 12px;font-size:16px;line-height:1.6;">${escapeHtml(line)}</p>`).join('\n')}
${
  options.form
    ? `<form method="post" action="${escapeHtml(options.form.action)}" style="margin:20px 0 0;"><input type="hidden" name="confirm" value="yes"><button type="submit" style="padding:12px 20px;background:${primary};color:${onPrimary};border:0;border-radius:8px;font-size:16px;font-weight:700;cursor:pointer;">${escapeHtml(options.form.button)}</button></form>`
    : ''
}
<p style="margin:24px 0 0;"><a href="${escapeHtml(options.publicUrl)}/" style="color:${primary};font-weight:700;">Back to Ballast</a></p>
</div>
<p style="margin:20px 4px 0;font-size:12px;color:${muted};">Emails about your account, such as sign-in links, are not affected.</p>
</main>
</body>
</html>`;
}
