/**
 * Requests for the OpenAPI fuzz test: fast-check arbitraries built from the operations of the
 * /openapi.json document, mixed with the inputs that once made the server answer 5xx — integers past
 * 2^53 and 2^63, 1e309 and Infinity, NUL bytes, objects and arrays where scalars belong, very long
 * strings, malformed bodies and wrong content types.
 */
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  patternProperties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The path as the document writes it: /bets/{betId}. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  body: { contentType: string; schema: JsonSchema } | null;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (where: string) =>
        (op.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema ?? {} }));
      const [contentType, content] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: params('path'),
        query: params('query'),
        body: contentType ? { contentType, schema: content?.schema ?? {} } : null,
      });
    }
  }
  return operations;
}

/** A JSON token written as is: numbers JSON can carry but JavaScript cannot (1e309, 2^64, -0). */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** JSON text of a generated value; RawJson pieces go in verbatim. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A value as text of a query string, path segment or form field. */
function toFieldText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return toJsonText(value);
  return String(value);
}

/** Percent-encodes the UTF-8 bytes of `text` (lone surrogates become U+FFFD, as a browser sends them). */
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const LONG = 'x'.repeat(70_000);

/** Numbers past every range the server keeps: as JSON numbers and as digit strings. */
const HUGE_NUMBERS = [
  '9007199254740992',
  '9007199254740993',
  '9223372036854775807',
  '9223372036854775808',
  '18446744073709551616',
  '123456789012345678901234567890',
  '1e309',
  '-1e309',
  '1e308',
  '-9007199254740993',
  '-9223372036854775809',
  '2147483648',
  '-2147483649',
  '4294967296',
  '-0',
  '-1',
  '0',
  '1.5',
  '1e-400',
];

const BAD_STRINGS = [
  '',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  'Infinity',
  '-Infinity',
  'NaN',
  '0x1F',
  ' 1',
  '1 ',
  '１２３',
  '%00',
  '../../etc/passwd',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  'null',
  'true',
  '[]',
  '{}',
  '\r\n',
  '\u202e',
  '😀'.repeat(50),
  LONG,
  ...HUGE_NUMBERS,
];

const WRONG_SHAPES: unknown[] = [
  null,
  true,
  false,
  [],
  [1, 2],
  {},
  { $gt: '' },
  { $ne: null },
  [[[[{}]]]],
  { a: { b: { c: {} } } },
  new RawJson('{"__proto__":{"polluted":true}}'),
  new RawJson('{"constructor":{"prototype":{"polluted":true}}}'),
];

/** Any of the values above: huge numbers (as numbers and strings), bad strings, wrong shapes. */
export const boundaryValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HUGE_NUMBERS.map((n) => new RawJson(n))),
  fc.constantFrom(...BAD_STRINGS),
  fc.constantFrom(...WRONG_SHAPES),
);

/** Values the server knows (ids of games, outcomes, accounts, bets…) so valid requests reach deep. */
export interface Hints {
  ids: () => bigint[];
  /** Strings to try for a field of this name (currencies, languages, providers…). */
  strings: Record<string, string[]>;
}

type Mode = 'valid' | 'mutate';

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

function mergeAll(schemas: JsonSchema[]): JsonSchema {
  const merged: JsonSchema = { properties: {}, required: [] };
  for (const s of schemas) {
    Object.assign(merged.properties!, s.properties);
    merged.required!.push(...(s.required ?? []));
    for (const [key, value] of Object.entries(s)) {
      if (key !== 'properties' && key !== 'required') Object.assign(merged, { [key]: value });
    }
  }
  return merged;
}

const knownId = (hints: Hints) =>
  fc.constant(null).chain(() => {
    const ids = hints.ids();
    return ids.length === 0 ? fc.constant(1n) : fc.constantFrom(...ids);
  });

function stringArb(schema: JsonSchema, name: string, hints: Hints): fc.Arbitrary<string> {
  const choices: fc.Arbitrary<string>[] = [];
  const named = hints.strings[name];
  if (named) choices.push(fc.constantFrom(...named));
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    choices.push(fc.stringMatching(pattern));
    if (pattern.test('1')) choices.push(knownId(hints).map(String));
  } else if (schema.format === 'date-time') {
    choices.push(
      fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString()),
    );
  } else {
    const minLength = schema.minLength ?? 0;
    const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
    choices.push(fc.string({ minLength, maxLength }));
    choices.push(fc.string({ minLength, maxLength, unit: 'binary' }));
  }
  return fc.oneof(...choices);
}

function integerArb(schema: JsonSchema, hints: Hints): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -MAX_SAFE, -MAX_SAFE);
  const max = Math.min(schema.maximum ?? MAX_SAFE, MAX_SAFE);
  if (min > max) return fc.constant(min);
  const ids = knownId(hints)
    .map(Number)
    .filter((n) => n >= min && n <= max);
  return fc.oneof(fc.integer({ min: Math.ceil(min), max: Math.floor(max) }), ids);
}

function objectArb(schema: JsonSchema, mode: Mode, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, sub] of Object.entries(properties)) model[key] = valueArb(sub, mode, hints, key);
  const required = (schema.required ?? []).filter((k) => k in model);
  const record = fc.record(model, { requiredKeys: required });
  const map =
    typeof schema.additionalProperties === 'object'
      ? fc.dictionary(
          fc.oneof(knownId(hints).map(String), fc.string({ maxLength: 8 })),
          valueArb(schema.additionalProperties, mode, hints, ''),
          { maxKeys: 3 },
        )
      : fc.constant({});
  const extra =
    mode === 'mutate'
      ? fc.option(
          fc.dictionary(fc.constantFrom('$gt', 'unknown', 'constructor', 'toString'), boundaryValue),
          {
            freq: 4,
          },
        )
      : fc.constant(null);
  return fc
    .tuple(record, map, extra)
    .map(([r, m, e]) => ({ ...m, ...(e ?? {}), ...(r as Record<string, unknown>) }));
}

/** A value of `schema`; in mutate mode any node may instead be a boundary value. */
export function valueArb(schema: JsonSchema, mode: Mode, hints: Hints, name = ''): fc.Arbitrary<unknown> {
  const base = validArb(schema, mode, hints, name);
  if (mode === 'valid') return base;
  return fc.oneof({ weight: 5, arbitrary: base }, { weight: 1, arbitrary: boundaryValue });
}

function validArb(schema: JsonSchema, mode: Mode, hints: Hints, name: string): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((b) => valueArb(b, mode, hints, name)));
  if (schema.allOf) return validArb(mergeAll(schema.allOf), mode, hints, name);
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => validArb({ ...schema, type }, mode, hints, name)));
  }
  switch (schema.type) {
    case 'string':
      return stringArb(schema, name, hints);
    case 'integer':
      return integerArb(schema, hints);
    case 'number':
      return fc.oneof(
        integerArb(schema, hints),
        fc.double({
          min: schema.minimum ?? -1e9,
          max: schema.maximum ?? 1e9,
          noNaN: true,
          noDefaultInfinity: true,
        }),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueArb(schema.items ?? {}, mode, hints, name), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'object':
      return objectArb(schema, mode, hints);
    default:
      return schema.properties ? objectArb(schema, mode, hints) : fc.jsonValue({ maxDepth: 2 });
  }
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const BOUNDARY = 'fuzz-boundary-7MA4YWxkTrZu0gW';

function multipart(fields: Record<string, unknown>): string {
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${toFieldText(v)}\r\n`,
  );
  return `${parts.join('')}--${BOUNDARY}--\r\n`;
}

/** Bodies no route accepts: malformed, wrong types, too large, or sent with the wrong content type. */
const GARBAGE_BODIES: { contentType: string | null; payload: string | Buffer }[] = [
  { contentType: 'application/json', payload: '{' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '[]' },
  { contentType: 'application/json', payload: '"text"' },
  { contentType: 'application/json', payload: '1e309' },
  { contentType: 'application/json', payload: '\u0000' },
  { contentType: 'application/json', payload: '\ufeff{}' },
  { contentType: 'application/json', payload: `${'['.repeat(10_000)}${']'.repeat(10_000)}` },
  { contentType: 'application/json', payload: '{"__proto__":{"polluted":true}}' },
  { contentType: 'application/json', payload: `{"a":"${'x'.repeat(1_100_000)}"}` },
  { contentType: 'application/json; charset=utf-16', payload: '{}' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=%00&c' },
  {
    contentType: 'multipart/form-data',
    payload: '--x\r\ncontent-disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  },
  { contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: 'not a multipart body' },
  { contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: multipart({ a: '\u0000' }) },
  {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `--${BOUNDARY}\r\ncontent-disposition: form-data; name="f"; filename="a.txt"\r\ncontent-type: text/plain\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
  },
  { contentType: 'application/octet-stream', payload: Buffer.from([0, 255, 1, 254]) },
  { contentType: 'application/xml', payload: '<a/>' },
  { contentType: null, payload: '{"a":1}' },
];

/** Query strings written by hand: broken escapes, repeated and empty keys, very long values. */
const RAW_QUERIES = [
  '%',
  '%ZZ=1',
  'a=%FF%FE',
  '&&&',
  '=',
  '=1',
  `q=${'x'.repeat(10_000)}`,
  'a[b]=1',
  '__proto__=1',
];

const idempotencyKey = fc.oneof(
  { weight: 6, arbitrary: fc.uuid() },
  {
    weight: 1,
    // As Node reads header bytes: latin1, so UTF-8 text arrives as mojibake.
    arbitrary: fc.constantFrom(
      '',
      'short',
      ' '.repeat(10),
      'k'.repeat(200),
      Buffer.from('ключ-ключ', 'utf8').toString('latin1'),
    ),
  },
);

function urlOf(op: Operation, pathValues: Record<string, unknown>, query: string): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    percentEncode(toFieldText(pathValues[name])),
  );
  return query ? `${path}?${query}` : path;
}

function queryOf(values: Record<string, unknown>): string {
  return Object.entries(values)
    .flatMap(([k, v]) =>
      (Array.isArray(v) ? v : [v]).map((item) => `${percentEncode(k)}=${percentEncode(toFieldText(item))}`),
    )
    .join('&');
}

function paramsArb(params: Parameter[], mode: Mode, hints: Hints) {
  return objectArb(
    {
      type: 'object',
      properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
      required: params.filter((p) => p.required).map((p) => p.name),
    },
    mode,
    hints,
  );
}

function schemaRequest(op: Operation, mode: Mode, hints: Hints): fc.Arbitrary<FuzzRequest> {
  const body = op.body ? valueArb(op.body.schema, mode, hints) : fc.constant(undefined);
  return fc
    .record({
      path: paramsArb(op.pathParams, mode, hints),
      query: paramsArb(op.query, mode, hints),
      body,
      key: idempotencyKey,
    })
    .map(({ path, query, body, key }) => {
      const headers: Record<string, string> = { 'idempotency-key': key };
      let payload: string | undefined;
      if (op.body && body !== undefined) {
        const isForm = op.body.contentType === 'multipart/form-data';
        const fields = body !== null && typeof body === 'object' && !Array.isArray(body);
        headers['content-type'] = isForm ? `multipart/form-data; boundary=${BOUNDARY}` : 'application/json';
        payload = isForm && fields ? multipart(body as Record<string, unknown>) : toJsonText(body);
      }
      return {
        method: op.method,
        url: urlOf(op, path, queryOf(query)),
        headers,
        ...(payload === undefined ? {} : { payload }),
      };
    });
}

/** Path segments written by hand: broken escapes, dot segments, one past the router's length. */
const RAW_SEGMENTS = ['%', '%E0%A4%A', '%ZZ', '..', '%2e%2e', 'a'.repeat(600)];

/** Content encodings a body may claim (the bodies here are never really compressed). */
const ENCODINGS = ['gzip', 'br', 'deflate', 'identity', 'zstd-nope'];

function garbageRequest(op: Operation, hints: Hints): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      path: paramsArb(op.pathParams, 'valid', hints),
      rawSegment: fc.option(fc.constantFrom(...RAW_SEGMENTS), { freq: 3 }),
      query: fc.oneof(paramsArb(op.query, 'valid', hints).map(queryOf), fc.constantFrom(...RAW_QUERIES)),
      body: fc.constantFrom(...GARBAGE_BODIES),
      encoding: fc.option(fc.constantFrom(...ENCODINGS), { freq: 3 }),
      key: idempotencyKey,
    })
    .map(({ path, rawSegment, query, body, encoding, key }) => {
      const withBody = op.method !== 'GET' && op.method !== 'HEAD';
      let url = urlOf(op, path, query);
      const first = op.pathParams[0];
      if (rawSegment !== null && first) {
        url = urlOf(op, { ...path, [first.name]: '\u0001' }, query).replace('%01', rawSegment);
      }
      return {
        method: op.method,
        url,
        headers: {
          'idempotency-key': key,
          ...(withBody && body.contentType ? { 'content-type': body.contentType } : {}),
          ...(withBody && encoding !== null ? { 'content-encoding': encoding } : {}),
        },
        ...(withBody ? { payload: body.payload } : {}),
      };
    });
}

/** Requests to `op`: valid ones, ones with boundary values anywhere, and malformed ones. */
export function requestArb(op: Operation, hints: Hints): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    { weight: 3, arbitrary: schemaRequest(op, 'valid', hints) },
    { weight: 5, arbitrary: schemaRequest(op, 'mutate', hints) },
    { weight: 1, arbitrary: garbageRequest(op, hints) },
  );
}
