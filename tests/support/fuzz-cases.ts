import fc from 'fast-check';
import {
  BOUNDARY,
  JUNK_VALUES,
  MULTIPART_CASES,
  PATH_JUNK,
  queryJunk,
  RAW_JSON_TEXTS,
  UNKNOWN_QUERIES,
  WRONG_CONTENT_TYPES,
} from './fuzz-values';
import {
  fieldPaths,
  type Operation,
  operationKey,
  type Parameter,
  plausibleValue,
  withField,
} from './openapi-operations';

/** One request the fuzzer sends: where, with which headers, and which bytes. */
export type FuzzCase = {
  label: string;
  /** Path and query string, already encoded as they go on the wire. */
  target: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
};

/** mulberry32: small, fast and the same on every machine, so a failing case can be sent again. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a: each operation's cases depend on the seed and its own name, not on the order of the document. */
export function seedOf(seed: number, text: string): number {
  let hash = 0x811c9dc5 ^ seed;
  for (let index = 0; index < text.length; index++)
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

function pick<T>(random: () => number, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0)
    chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return chosen;
}

/** The concrete path for an operation, with `ids` filling the named path parameters. */
export function fillPath(operation: Operation, ids: Record<string, string> = {}): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    if (ids[name]) return encodeURIComponent(ids[name]);
    const parameter = operation.parameters.find(
      (candidate) => candidate.in === 'path' && candidate.name === name,
    );
    return encodeURIComponent(String(plausibleValue(parameter?.schema ?? {}, name)));
  });
}

function plausibleQuery(parameters: Parameter[]): string {
  return parameters
    .filter((parameter) => parameter.in === 'query')
    .map(
      (parameter) =>
        `${parameter.name}=${encodeURIComponent(String(plausibleValue(parameter.schema ?? {})))}`,
    )
    .join('&');
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/**
 * The malformed requests for one operation: bad path parameters, bad query strings and, for methods
 * with a body, bad bodies. Deterministic for a given seed; about 20-90 cases an operation.
 */
export function fuzzCases(operation: Operation, seed: number, ids: Record<string, string> = {}): FuzzCase[] {
  const random = seededRandom(seedOf(seed, operationKey(operation)));
  const path = fillPath(operation, ids);
  const query = plausibleQuery(operation.parameters);
  const withQuery = (extra: string) => {
    const search = [query, extra].filter(Boolean).join('&');
    return search ? `${path}?${search}` : path;
  };
  const hasBody = operation.method !== 'GET' && operation.method !== 'HEAD';
  const plausible = operation.body ? plausibleValue(operation.body) : {};
  // Bad paths and queries come with a good body, so that a parameter is the only thing wrong.
  const goodBody = hasBody ? { headers: JSON_HEADERS, body: JSON.stringify(plausible) } : {};
  const cases: FuzzCase[] = [];

  for (const parameter of operation.parameters.filter((candidate) => candidate.in === 'path')) {
    const marker = `{${parameter.name}}`;
    const others = operation.path.replace(marker, '\u0001');
    for (const junk of PATH_JUNK) {
      const target = fillPath({ ...operation, path: others }, ids).replace('\u0001', junk);
      cases.push({
        label: `path ${parameter.name}=${junk.slice(0, 40)}`,
        target: query ? `${target}?${query}` : target,
        ...goodBody,
      });
    }
  }

  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  for (const parameter of queryParameters) {
    for (const junk of queryJunk(parameter.name)) {
      const rest = queryParameters
        .filter((other) => other !== parameter)
        .map((other) => `${other.name}=${encodeURIComponent(String(plausibleValue(other.schema ?? {})))}`);
      cases.push({
        label: `query ${junk.slice(0, 60)}`,
        target: `${path}?${[...rest, junk].join('&')}`,
        ...goodBody,
      });
    }
  }
  for (const junk of UNKNOWN_QUERIES) {
    cases.push({ label: `query ${junk.slice(0, 60)}`, target: withQuery(junk), ...goodBody });
  }

  if (!hasBody) return cases;
  const target = withQuery('');
  const json = (label: string, value: unknown): FuzzCase => ({
    label,
    target,
    headers: JSON_HEADERS,
    body: JSON.stringify(value),
  });

  cases.push(json('body: plausible', plausible));
  cases.push({ label: 'body: none, no content type', target });
  cases.push({ label: 'body: bytes, no content type', target, body: new TextEncoder().encode('{"a":1}') });
  for (const text of RAW_JSON_TEXTS) {
    cases.push({
      label: `body: raw ${JSON.stringify(text.slice(0, 30))}`,
      target,
      headers: JSON_HEADERS,
      body: text,
    });
  }
  for (const type of WRONG_CONTENT_TYPES) {
    cases.push({
      label: `body: as ${type}`,
      target,
      headers: { 'content-type': type },
      body: JSON.stringify(plausible),
    });
  }
  for (const [label, form] of MULTIPART_CASES) {
    cases.push({
      label,
      target,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: form,
    });
  }
  cases.push(json('body: over the 1 MB limit', { ...(plausible as object), padding: 'x'.repeat(1_100_000) }));

  // One field at a time gets junk while the rest stays plausible, so the junk reaches past validation.
  const paths = fieldPaths(operation.body);
  for (const fieldPath of paths) {
    for (const junk of pick(random, JUNK_VALUES, paths.length > 6 ? 3 : 6)) {
      cases.push(
        json(`field ${fieldPath.join('.')}=${describe(junk)}`, withField(plausible, fieldPath, junk)),
      );
    }
  }
  const extraFields = {
    ...(plausible as object),
    isAdmin: true,
    userId: '00000000-0000-0000-0000-000000000000',
  };
  cases.push(json('body: extra fields', extraFields));

  // Whole bodies of any JSON shape, drawn by fast-check from the same seed.
  const sampleSeed = Math.floor(random() * 2 ** 31);
  for (const value of fc.sample(fc.jsonValue({ maxDepth: 4 }), { seed: sampleSeed, numRuns: 6 })) {
    cases.push(json(`body: random ${describe(value)}`, value));
  }
  for (const value of fc.sample(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })), {
    seed: sampleSeed + 1,
    numRuns: 4,
  })) {
    cases.push(json(`body: random object ${describe(value)}`, value));
  }
  return cases;
}

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}… (${text.length} chars)` : text;
}
