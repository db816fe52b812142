/**
 * The junk the fuzzer sends (tests/support/fuzz-cases.ts puts it together per operation): wrong types
 * and extremes for fields, broken JSON, wrong content types, mangled multipart forms, paths and queries.
 * None of it contains what the fuzzer looks for in answers (stack frames, node_modules, file paths).
 */
const nested = (depth: number, leaf: unknown): unknown => {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
};

/** Wrong types, extremes and hostile text, for one field at a time. */
export const JUNK_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  '',
  ' ',
  '\u0000',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '9'.repeat(400),
  '0x1A',
  '2024-02-30',
  '0000-00-00',
  '99999-12-31',
  "' OR '1'='1' --",
  '<script>alert(1)</script>',
  // Template injection probes, for engines that would evaluate them.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder is the junk being sent
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '%zz%00',
  '😀'.repeat(2000),
  '\u202e\u0301\ud800\udfff\ufffe',
  'a'.repeat(200_000),
  [],
  [null, 1, 'a', {}],
  new Array(5000).fill('x'),
  {},
  JSON.parse('{"__proto__":{"isAdmin":true}}'),
  { constructor: { prototype: { isAdmin: true } } },
  nested(500, 'deep'),
];

/** Bodies that are not JSON, or JSON of the wrong shape, sent as application/json. */
export const RAW_JSON_TEXTS = [
  '',
  ' ',
  '{',
  '{"a":',
  '[',
  'nul',
  'undefined',
  '{"a":1,}',
  "{'a':1}",
  '\u0000',
  '\ufeff{}',
  '{"a":1e999}',
  '"a string"',
  '123',
  'null',
  '[]',
  'true',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
  `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
];

export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonx',
  'APPLICATION/JSON',
  ';;;',
  '*/*',
  'application/json, text/plain',
  'multipart/form-data',
  'multipart/form-data; boundary=fuzz',
];

export const BOUNDARY = 'ballastfuzzboundary';

/** A multipart form with a text field and a file whose bytes are no image at all. */
function multipartForm(fileName: string, fileType: string, fileBytes: string, isTruncated = false): string {
  const parts = [
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="platform"\r\n\r\nyoutube\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="uploadType"\r\n\r\nscreenshots\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${fileName}"\r\nContent-Type: ${fileType}\r\n\r\n${fileBytes}\r\n`,
  ];
  return isTruncated ? parts.join('').slice(0, -40) : `${parts.join('')}--${BOUNDARY}--\r\n`;
}

export const MULTIPART_CASES: [string, string][] = [
  ['multipart: a text file called .png', multipartForm('chart.png', 'image/png', 'not an image')],
  [
    'multipart: a PNG header and junk',
    multipartForm('a.png', 'image/png', '\x89PNG\r\n\x1a\n\0\0\0\rIHDRjunk'),
  ],
  ['multipart: a path as the file name', multipartForm('../../../etc/passwd', 'image/jpeg', 'x')],
  ['multipart: a long unicode file name', multipartForm('😀'.repeat(300), 'image/webp', 'x')],
  ['multipart: cut off', multipartForm('a.png', 'image/png', 'x', true)],
  ['multipart: garbage between boundaries', `--${BOUNDARY}\r\n\r\n\r\n--${BOUNDARY}\r\ngarbage\r\n`],
];

export const PATH_JUNK = [
  'not-a-uuid',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e',
  '%zz',
  '%00',
  '%F0%9F%98%80',
  encodeURIComponent("' OR 1=1 --"),
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '3b241101-e2bb-4255-8caf-4136c566a962x',
  '-1',
  'a'.repeat(101),
  'a'.repeat(5000),
  '__proto__',
];

export const queryJunk = (name: string) => [
  `${name}=a&${name}=b`,
  `${name}[]=1`,
  `${name}[a][b]=1`,
  `${name}=%zz`,
  `${name}=%`,
  `${name}=%F0%9F%98%80`,
  `${name}=%00`,
  `${name}=${'9'.repeat(6000)}`,
  `${name}=-1`,
  `${name}=1e999`,
  `${name}=NaN`,
  `${name}=`,
  name,
  `${name}=${encodeURIComponent("' OR 1=1 --")}`,
  `${name}=${encodeURIComponent('😀'.repeat(200))}`,
];

export const UNKNOWN_QUERIES = [
  '%zz=%zz',
  '__proto__[isAdmin]=true',
  'constructor[prototype][isAdmin]=true',
  `${'a'.repeat(6000)}=1`,
  '&&&==&',
];
