/** The parts of an OpenAPI 3 document (as @fastify/swagger writes it) that a fuzzer needs. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
};

export type Parameter = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; schema?: JsonSchema };

export type Operation = {
  method: string;
  /** The OpenAPI path, with `{name}` for each path parameter. */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation declares one. */
  body?: JsonSchema;
};

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
};

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

export const operationKey = (operation: Pick<Operation, 'method' | 'path'>) =>
  `${operation.method} ${operation.path}`;

/**
 * Values a person would send for fields with these names, where the schema alone (a plain string) says
 * too little: a body that passes validation lets each mutation below reach the service and the database.
 */
const FIELD_HINTS: [RegExp, unknown][] = [
  [/email/i, 'fuzz.creator@ballast.test'],
  [/^amount$/, '12.50'],
  [/date$/i, '2025-01-15'],
  [/^csv$/, 'date,source,amount\n2025-01-15,other,12.50\n'],
  [/url$/i, 'https://example.com/'],
  [/^name$/, 'Maya'],
  [/^password$/, 'correct horse battery'],
];

const FORMAT_SAMPLES: Record<string, string> = {
  email: 'fuzz.creator@ballast.test',
  uuid: '3b241101-e2bb-4255-8caf-4136c566a962',
  date: '2025-01-15',
  'date-time': '2025-01-15T12:00:00.000Z',
  uri: 'https://example.com/',
  url: 'https://example.com/',
};

function plausibleString(schema: JsonSchema): string {
  if (schema.format && FORMAT_SAMPLES[schema.format]) return FORMAT_SAMPLES[schema.format]!;
  let text = 'fuzz_creator';
  if (schema.pattern && !new RegExp(schema.pattern).test(text)) text = 'fuzz';
  if (schema.minLength && text.length < schema.minLength) text = text.padEnd(schema.minLength, 'x');
  if (schema.maxLength !== undefined) text = text.slice(0, schema.maxLength);
  return text;
}

/** A value the schema most likely accepts: enums' first value, formats' samples, numbers in range. */
export function plausibleValue(schema: JsonSchema, name = ''): unknown {
  const hint = FIELD_HINTS.find(([pattern]) => pattern.test(name));
  if (hint) return hint[1];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants?.[0]) return plausibleValue(variants[0], name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [
          key,
          plausibleValue(property, key),
        ]),
      );
    case 'array':
      return schema.items ? [plausibleValue(schema.items, name)] : [];
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return plausibleString(schema);
  }
}

/**
 * Every field path of an object schema, nested objects included (`["amount"]`, `["address","city"]`),
 * so a mutation can put junk in one place while the rest of the body stays valid.
 */
export function fieldPaths(schema: JsonSchema | undefined, prefix: string[] = []): string[][] {
  const paths: string[][] = [];
  for (const [key, property] of Object.entries(schema?.properties ?? {})) {
    paths.push([...prefix, key]);
    if (prefix.length < 3) paths.push(...fieldPaths(property, [...prefix, key]));
  }
  return paths;
}

/** A copy of `value` with `path` set to `replacement` (JSON values only). */
export function withField(value: unknown, path: string[], replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path.at(-1)!] = replacement;
  return copy;
}
