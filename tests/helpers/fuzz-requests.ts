import http from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import type { Express } from 'express';
import fc from 'fast-check';
import Stripe from 'stripe';

// The request generator of fuzz-routes.test.ts (not a test file itself): every route the app
// mounts, and requests to it that a careless or hostile client might send.

export interface MountedRoute {
  method: string;
  path: string;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every method and path the app routes, read from Express's router (nested routers included). */
export function listMountedRoutes(app: Express): MountedRoute[] {
  const routes = new Map<string, MountedRoute>();
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route)
        for (const method of Object.keys(layer.route.methods))
          routes.set(`${method} ${layer.route.path}`, {
            method: method.toUpperCase(),
            path: layer.route.path,
          });
      else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return [...routes.values()];
}

/** What the generator may put where a valid value belongs: ids and credentials of the fixtures. */
export interface FuzzFixtures {
  ids: string[];
  email: string;
  cookie: string;
  ownerToken: string;
  vapiSecret: string;
  stripeWebhookSecret: string;
}

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** Undefined three times in four: headers most requests do not carry. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, arbitrary);

const lonesurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit));

/** Text a validator may not expect: NUL, lone surrogates, control and astral characters, huge. */
const hostileText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .array(fc.oneof(fc.string({ maxLength: 3 }), lonesurrogate, fc.constant('\u0000')), { maxLength: 8 })
    .map((parts) => parts.join('')),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff',
    '\ud83d\ude00',
    '',
    ' ',
    '%',
    '%ff',
    '\r\n',
    '../..',
  ),
  fc.integer({ min: 1, max: 70_000 }).map((n) => 'x'.repeat(n)),
);

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** The body fields the API reads, each with values that pass validation and values that do not. */
function fieldValues(f: FuzzFixtures): Record<string, fc.Arbitrary<unknown>> {
  const now = new Date();
  return {
    content: fc.constantFrom('Hello', 'What do you charge for a RAG project?'),
    fullName: fc.constant('Jane Visitor'),
    phoneNumber: fc.constant('+1 617 555 0142'),
    email: fc.constantFrom(f.email, 'jane@example.com'),
    preferredTime: fc.constant('mornings'),
    purpose: fc.constant('A support assistant'),
    scheduledDate: fc.constant(now.toISOString().slice(0, 10)),
    scheduledTime: fc.constantFrom('09:00', '14:00'),
    conversationId: fc.constantFrom(...f.ids),
    plan: fc.constantFrom('monthly', 'professional', 'enterprise'),
    code: fc.constantFrom('123456', '000000'),
    sessionId: fc.constantFrom(...f.ids, 'cs_test_1'),
    userId: fc.constantFrom(...f.ids),
    status: fc.constantFrom('started', 'ended'),
    duration: fc.integer({ min: -5, max: 50_000 }),
    transcript: fc.constant('Hi there'),
    endedAt: fc.constant(now.toISOString()),
    text: fc.constant('Hello'),
    assistant: fc.record({ voiceSessionId: fc.constantFrom(...f.ids) }),
    message: fc.record({
      type: fc.constantFrom('end-of-call-report', 'status-update'),
      call: fc.record({ id: hostileText }),
      durationSeconds: fc.oneof(fc.integer({ min: 0, max: 5000 }), fc.double()),
    }),
    id: fc.string({ minLength: 1, maxLength: 12 }).map((id) => `evt_${id}`),
    created: fc.integer({ min: 0, max: 2 ** 32 }),
    type: fc.constantFrom('checkout.session.completed', 'customer.subscription.updated', 'invoice.paid'),
    data: fc.record({ object: fc.dictionary(fc.string({ maxLength: 10 }), anyValue, { maxKeys: 5 }) }),
  };
}

/** An object of known fields, each value valid or hostile: reaches past the first type check. */
const knownFields = (f: FuzzFixtures) =>
  fc
    .array(
      fc
        .constantFrom(...Object.entries(fieldValues(f)))
        .chain(([key, valid]) => fc.tuple(fc.constant(key), fc.oneof(valid, anyValue))),
      { maxLength: 8 },
    )
    .map((entries) => Object.fromEntries(entries));

const jsonText = (f: FuzzFixtures) =>
  fc.oneof(
    { weight: 3, arbitrary: knownFields(f).map((value) => JSON.stringify(value)) },
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.constantFrom('', '{', '{"a":', 'null', '[]', '"\\ud800"', '{"content":"\\u0000"}', '\u0000'),
  );

const bodyBytes = (f: FuzzFixtures) =>
  fc.oneof(
    { weight: 4, arbitrary: jsonText(f).map((text) => Buffer.from(text)) },
    fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
    fc
      .constantFrom(40_000, 600_000, 2_100_000)
      .map((n) => Buffer.from(JSON.stringify({ content: 'x'.repeat(n) }))),
  );

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/json; charset=nope',
  'application/vnd.api+json',
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  '%%%;;;',
];

/** A declared Content-Encoding and whether the body really is encoded that way. */
const ENCODINGS: Array<[string | undefined, ((body: Buffer) => Buffer) | undefined]> = [
  [undefined, undefined],
  ['identity', undefined],
  ['gzip', undefined],
  ['deflate', undefined],
  ['br', undefined],
  ['compress', undefined],
  ['gzip, deflate', undefined],
  ['gzip', gzipSync],
  ['deflate', deflateSync],
  ['br', brotliCompressSync],
];

/** UTF-8 bytes of each UTF-16 unit, lone surrogates included (as a careless client encodes them). */
function percentEncode(value: string): string {
  let out = '';
  for (const char of value) {
    if (/[A-Za-z0-9._~-]/.test(char)) {
      out += char;
      continue;
    }
    const cp = char.codePointAt(0)!;
    const bytes =
      cp < 0x80
        ? [cp]
        : cp < 0x800
          ? [0xc0 | (cp >> 6), 0x80 | (cp & 63)]
          : cp < 0x10000
            ? [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)]
            : [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)];
    out += bytes.map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

const pathSegment = (f: FuzzFixtures) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...f.ids, f.email, encodeURIComponent(f.email)) },
    { weight: 3, arbitrary: hostileText.map((text) => percentEncode(text.slice(0, 2000))) },
    fc.constantFrom(
      '%ff',
      '%00',
      '%',
      '%zz',
      '%c3%28',
      '%ED%A0%80',
      '%e2%82',
      '..',
      '.',
      'a%2Fb',
      'x'.repeat(4000),
    ),
  );

/** A request to `route`: its path with generated parameters, maybe another method, any body. */
export function fuzzRequest(route: MountedRoute, f: FuzzFixtures): fc.Arbitrary<FuzzRequest> {
  const params = route.path.match(/:\w+/g) ?? [];
  return fc
    .record({
      method: fc.oneof(
        { weight: 5, arbitrary: fc.constant(route.method) },
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
      ),
      segments: fc.tuple(...params.map(() => pathSegment(f))),
      query: fc.oneof(
        fc.constant(''),
        fc.constantFrom('?limit=5', '?limit=-1', '?limit=%ff', '?a[b]=1', '?limit=1&limit=2'),
      ),
      body: fc.option(bodyBytes(f), { freq: 4 }),
      contentType: fc.option(
        fc.oneof(
          { weight: 8, arbitrary: fc.constant('application/json') },
          fc.constantFrom(...CONTENT_TYPES),
        ),
        { freq: 8 },
      ),
      encoding: fc.oneof({ weight: 4, arbitrary: fc.constant(ENCODINGS[0]!) }, fc.constantFrom(...ENCODINGS)),
      site: sometimes(fc.constantFrom('same-origin', 'none', 'same-site', 'cross-site')),
      accept: fc.constantFrom('application/json', 'text/event-stream', '*/*'),
      cookie: fc.option(
        fc.constantFrom(f.cookie, f.cookie, 'voice_access=%ff%00', 'voice_access=x.y; checkout_sessions=%E2'),
        { freq: 2 },
      ),
      auth: fc.option(fc.constantFrom(`Bearer ${f.ownerToken}`, 'Bearer nope', 'Basic %ff'), { freq: 2 }),
      vapiSecret: fc.option(fc.constantFrom(f.vapiSecret, 'wrong'), { freq: 2 }),
      stripeSignature: fc.constantFrom('none', 'valid', 'junk'),
    })
    .map((r) => {
      let path = route.path;
      params.forEach((param, i) => (path = path.replace(param, r.segments[i] as string)));
      const headers: Record<string, string> = { accept: r.accept };
      if (r.site) headers['sec-fetch-site'] = r.site;
      if (r.cookie) headers.cookie = r.cookie;
      if (r.auth) headers.authorization = r.auth;
      if (r.vapiSecret) headers['x-vapi-secret'] = r.vapiSecret;
      if (r.body === null) return { method: r.method, path: path + r.query, headers };
      if (r.contentType) headers['content-type'] = r.contentType;
      if (r.stripeSignature === 'junk') headers['stripe-signature'] = 't=1,v1=00';
      if (r.stripeSignature === 'valid')
        headers['stripe-signature'] = Stripe.webhooks.generateTestHeaderString({
          payload: r.body.toString('utf8'),
          secret: f.stripeWebhookSecret,
        });
      const [encoding, encode] = r.encoding;
      if (encoding) headers['content-encoding'] = encoding;
      return { method: r.method, path: path + r.query, headers, body: encode ? encode(r.body) : r.body };
    });
}

export interface FuzzAnswer {
  status: number;
  contentType: string;
  text: string;
}

/** Sends the request as given, byte for byte (no client-side serialising or re-encoding). */
export function sendRaw(port: number, request: FuzzRequest): Promise<FuzzAnswer> {
  return new Promise((resolve, reject) => {
    const headers = {
      ...request.headers,
      ...(request.body ? { 'content-length': String(request.body.length) } : {}),
    };
    const req = http.request(
      { host: '127.0.0.1', port, method: request.method, path: request.path, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: res.headers['content-type'] ?? '',
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    // A reset instead of an answer fails the run, as a crash would. (Node discards the unread rest
    // of a body the app answered early, 403 or 415, without resetting.)
    req.on('error', reject);
    req.end(request.body);
  });
}
