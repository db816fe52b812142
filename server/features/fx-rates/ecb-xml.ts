/**
 * Reads the ECB's euro reference rates in the XML it publishes (decision 047): the daily file
 * (eurofxref-daily.xml), the last 90 days (eurofxref-hist-90d.xml) and the whole history
 * (eurofxref-hist.xml) share one shape:
 *
 *   <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01"
 *                    xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
 *     <Cube><Cube time="2026-10-02"><Cube currency="USD" rate="1.1617"/>…</Cube>…</Cube>
 *   </gesmes:Envelope>
 *
 * Anything else (an HTML error page, a cut-off download, a rate that is not a positive decimal) is
 * refused whole with a reason: the rates already stored stay as they were.
 */

export const GESMES_NAMESPACE = 'http://www.gesmes.org/xml/2002-08-01';
export const EUROFXREF_NAMESPACE = 'http://www.ecb.int/vocabulary/2002-08-01/eurofxref';

export type RateDay = { day: string; rates: Map<string, string> };
export type ParsedRates = { days: RateDay[] } | { problem: string };

const attributes = (tag: string) =>
  new Map(
    [...tag.matchAll(/([\w:]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].map((m) => [m[1]!, m[2] ?? m[3] ?? '']),
  );

const RATE = /^\d{1,9}(?:\.\d{1,9})?$/;
const isRealDate = (day: string) =>
  /^\d{4}-\d\d-\d\d$/.test(day) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;

/** Every day in the file, oldest first, with each currency's rate as the published text. */
export function parseEcbRates(xml: string): ParsedRates {
  const envelope = /<gesmes:Envelope\b([^>]*)>/.exec(xml);
  if (!envelope) return { problem: 'not an ECB reference rates file (no gesmes:Envelope)' };
  const declared = attributes(envelope[1]!);
  if (declared.get('xmlns:gesmes') !== GESMES_NAMESPACE || declared.get('xmlns') !== EUROFXREF_NAMESPACE) {
    return { problem: 'the envelope does not declare the ECB gesmes and eurofxref namespaces' };
  }
  if (!/<\/gesmes:Envelope>\s*$/.test(xml)) return { problem: 'the file ends before </gesmes:Envelope>' };
  const days: RateDay[] = [];
  const seen = new Set<string>();
  for (const block of xml.matchAll(
    /<Cube\s+time\s*=\s*["']([^"']*)["']\s*>([\s\S]*?)<\/Cube>\s*(?=<Cube\s+time|<\/Cube>)/g,
  )) {
    const day = block[1]!;
    if (!isRealDate(day)) return { problem: `"${day}" is not a date` };
    if (seen.has(day)) return { problem: `${day} appears twice` };
    seen.add(day);
    const rates = new Map<string, string>();
    for (const tag of block[2]!.matchAll(/<Cube\b([^>]*?)\/?>/g)) {
      const found = attributes(tag[1]!);
      const currency = found.get('currency') ?? '';
      const rate = found.get('rate') ?? '';
      if (!/^[A-Z]{3}$/.test(currency) || currency === 'EUR') {
        return { problem: `${day}: "${currency}" is not a currency code` };
      }
      if (!RATE.test(rate) || !/[1-9]/.test(rate)) {
        return { problem: `${day}: the ${currency} rate "${rate}" is not a positive decimal` };
      }
      rates.set(currency, rate);
    }
    if (rates.size === 0) return { problem: `${day} has no rates` };
    days.push({ day, rates });
  }
  if (days.length === 0) return { problem: 'the file has no days of rates' };
  return { days: days.sort((a, b) => (a.day < b.day ? -1 : 1)) };
}

/** The same shape back: the test stand-in and the snapshot tooling write files the parser reads. */
export function writeEcbRates(days: { day: string; rates: Record<string, string> }[]): string {
  const cubes = days
    .map(
      ({ day, rates }) =>
        `\t\t<Cube time='${day}'>\n${Object.entries(rates)
          .map(([currency, rate]) => `\t\t\t<Cube currency='${currency}' rate='${rate}'/>`)
          .join('\n')}\n\t\t</Cube>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="${GESMES_NAMESPACE}" xmlns="${EUROFXREF_NAMESPACE}">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
${cubes}
\t</Cube>
</gesmes:Envelope>`;
}
