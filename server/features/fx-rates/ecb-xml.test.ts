import { describe, expect, it } from 'vitest';
import { parseEcbRates, writeEcbRates } from './ecb-xml';

// As the ECB publishes eurofxref-daily.xml (single-quoted attributes, tabs), cut to three currencies.
const DAILY = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time='2026-10-02'>
\t\t\t<Cube currency='USD' rate='1.1617'/>
\t\t\t<Cube currency='JPY' rate='163.71'/>
\t\t\t<Cube currency='GBP' rate='0.86408'/>
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>`;

describe('reading the ECB reference rates file', () => {
  it('reads the daily file: one day, each rate as the published text', () => {
    const parsed = parseEcbRates(DAILY);
    expect(parsed).toEqual({
      days: [
        {
          day: '2026-10-02',
          rates: new Map([
            ['USD', '1.1617'],
            ['JPY', '163.71'],
            ['GBP', '0.86408'],
          ]),
        },
      ],
    });
  });

  it('reads the history files, newest first as published, into days oldest first', () => {
    const xml = writeEcbRates([
      { day: '2026-10-02', rates: { USD: '1.1617', GBP: '0.86408' } },
      { day: '2026-10-01', rates: { USD: '1.1600', GBP: '0.8650' } },
    ]);
    const parsed = parseEcbRates(xml);
    expect('days' in parsed && parsed.days.map((day) => [day.day, day.rates.get('USD')])).toEqual([
      ['2026-10-01', '1.1600'],
      ['2026-10-02', '1.1617'],
    ]);
  });

  it.each([
    ['an HTML error page', '<html><body>Service Unavailable</body></html>', 'no gesmes:Envelope'],
    ['another namespace', DAILY.replace('eurofxref"', 'other"'), 'namespaces'],
    ['a cut-off download', DAILY.slice(0, 400), 'ends before'],
    ['an empty envelope', DAILY.replace(/<Cube>[\s\S]*<\/Cube>\n/, '<Cube></Cube>\n'), 'no days'],
    ['a rate that is not a number', DAILY.replace("'1.1617'", "'n/a'"), 'USD rate "n/a"'],
    ['a zero rate', DAILY.replace("'1.1617'", "'0.0000'"), 'not a positive decimal'],
    ['a date that does not exist', DAILY.replace('2026-10-02', '2026-02-30'), '"2026-02-30" is not a date'],
    ['a lower-case code', DAILY.replace("'USD'", "'usd'"), '"usd" is not a currency code'],
  ])('refuses %s with a reason', (_, xml, reason) => {
    const parsed = parseEcbRates(xml);
    expect('problem' in parsed && parsed.problem).toContain(reason);
  });
});
