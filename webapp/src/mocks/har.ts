// The matching rules of docs/contract.md "Fixtures" and docs/qa.md "The key", shared by
// the generator (which computes each entry's key once) and the runtime handlers (which
// compute a request's). The Go definition is contract/har; contract/vectors/harkey.json
// pins both, and contract/har/rules.json holds the noise rules both read.
import { contract } from '../shared/contract/contract.ts';
import rules from '../../../contract/har/rules.json';

/**
 * The service bases; api/support/esimcheck/checkout end in "/", logs is the full push URL.
 * checkout is the hosted checkout page of a server laid out like the sandbox (recorded by
 * esim record); optional, as the shop itself never calls it.
 */
export type Bases = { api: string; support: string; esimcheck: string; logs: string; checkout?: string };

export type Service = keyof Bases;

/** The fixture hosts every HAR file is recorded against. */
export const FIXTURE_BASES: Bases = {
  api: contract.fixture.apiBase,
  support: contract.fixture.supportBase,
  esimcheck: contract.fixture.esimCheckBase,
  logs: contract.fixture.logPushUrl,
  checkout: contract.fixture.checkoutBase,
};

export type MatchKey = { service: Service; method: string; path: string; query: string; grantType: string; body: string };

const TOKEN_PATH = 'connect/token';

/** escape keeps only RFC 3986 unreserved characters (space is %20), as Go's key does. */
const escape = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** canonicalQuery is the query as a sorted multiset of name=value pairs. */
export function canonicalQuery(search: URLSearchParams): string {
  return [...search.entries()]
    .map(([n, v]) => `${escape(n)}=${escape(v)}`)
    .sort()
    .join('&');
}

/**
 * resolve finds the service of url and the percent-decoded path relative to its base.
 * The longest matching base wins; bases may be absolute or same-origin paths, and a base
 * without a trailing slash matches whole path segments only. Empty bases are skipped. The
 * URL parser lower-cases hosts, so hosts compare without case.
 */
export function resolve(bases: Bases, url: URL): { service: Service; path: string } | null {
  let best: { service: Service; path: string; len: number } | null = null;
  for (const service of Object.keys(bases) as Service[]) {
    const b = bases[service];
    if (!b) continue;
    const base = new URL(b, url.origin);
    if (base.host !== url.host) continue;
    let rel: string;
    if (service === 'logs') {
      if (url.pathname !== base.pathname) continue;
      rel = '';
    } else if (base.pathname.endsWith('/') && url.pathname.startsWith(base.pathname)) {
      rel = url.pathname.slice(base.pathname.length);
    } else if (!base.pathname.endsWith('/') && url.pathname.startsWith(`${base.pathname}/`)) {
      rel = url.pathname.slice(base.pathname.length + 1);
    } else {
      continue;
    }
    if (!best || base.pathname.length > best.len) best = { service, path: rel, len: base.pathname.length };
  }
  if (!best) return null;
  let path: string;
  try {
    path = decodeURIComponent(best.path);
  } catch {
    path = best.path;
  }
  return { service: best.service, path };
}

/** grantTypeOf reads grant_type from a connect/token form body. */
export function grantTypeOf(body: string): string {
  return new URLSearchParams(body).get('grant_type') ?? '';
}

/** fieldName is how field names compare: lower case, without '_' and '-'. */
export const fieldName = (name: string): string => name.toLowerCase().replace(/[_-]/g, '');

const unkeyed = new Set([...rules.secretFields.names, ...rules.volatileFields.names].map(fieldName));
const ignoredServices = new Set<string>(rules.ignoreBody.services);
const ignoredPaths = new Set(rules.ignoreBody.paths.map((p) => `${p.service} ${p.path}`));

/** byCodePoint orders strings by Unicode code point, as Go orders UTF-8 bytes. */
function byCodePoint(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = (x[i]?.codePointAt(0) ?? 0) - (y[i]?.codePointAt(0) ?? 0);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/** canonical writes a parsed JSON value with sorted keys and without the unkeyed fields. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o)
      .filter((k) => !unkeyed.has(fieldName(k)))
      .sort(byCodePoint);
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
  }
  // Go cannot read a number JSON.parse turns into Infinity: the body is then its text there too.
  if (typeof v === 'number' && !Number.isFinite(v)) throw new RangeError('number out of range');
  return JSON.stringify(v);
}

/** A form Go's url.ParseQuery refuses (a bad escape, a semicolon) is keyed as its text. */
function formKey(body: string): string | null {
  if (body.includes(';')) return null;
  for (const part of body.split(/[&=]/)) {
    try {
      decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return null;
    }
  }
  const kept = new URLSearchParams();
  for (const [n, v] of new URLSearchParams(body)) if (!unkeyed.has(fieldName(n))) kept.append(n, v);
  return canonicalQuery(kept);
}

/**
 * bodyKey is the part of a match key a request body contributes, as Go's har.BodyKey:
 * nothing for an ignored request or an empty body, canonical JSON without the secret and
 * volatile fields, the sorted form without them, or else the text.
 */
export function bodyKey(service: string, path: string, contentType: string, body: string): string {
  if (body === '' || ignoredServices.has(service) || ignoredPaths.has(`${service} ${path}`)) return '';
  const mt = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (mt === 'application/x-www-form-urlencoded') return formKey(body) ?? body;
  if (mt === 'application/json' || mt.endsWith('+json')) {
    try {
      return canonical(JSON.parse(body));
    } catch {
      return body;
    }
  }
  return body;
}

/** keyOf computes the match key of a request with its body and Content-Type. */
export function keyOf(bases: Bases, method: string, url: URL, body: string, contentType = ''): MatchKey | null {
  const r = resolve(bases, url);
  if (!r) return null;
  const grantType = r.service === 'api' && r.path === TOKEN_PATH ? grantTypeOf(body) : '';
  return {
    service: r.service,
    method: method.toUpperCase(),
    path: r.path,
    query: canonicalQuery(url.searchParams),
    grantType,
    body: bodyKey(r.service, r.path, contentType, body),
  };
}

export const keyString = (k: MatchKey): string =>
  `${k.service} ${k.method} ${k.path}${k.query ? `?${k.query}` : ''}${k.grantType ? ` grant_type=${k.grantType}` : ''}${k.body ? ` body ${k.body}` : ''}`;

export const isTokenRequest = (bases: Bases, url: URL): boolean => {
  const r = resolve(bases, url);
  return r !== null && r.service === 'api' && r.path === TOKEN_PATH;
};
