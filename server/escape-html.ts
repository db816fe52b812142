/**
 * Text made safe to place in HTML, in element content and in quoted attribute values alike: the
 * server's pages, the pages it fills in at start-up and every email go through this one function.
 */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
