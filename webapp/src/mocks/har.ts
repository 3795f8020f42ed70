// The matching rules of docs/contract.md "Fixtures", shared by the generator (which
// computes each entry's key once) and the runtime handlers (which compute a request's).
import { contract } from '../shared/contract/contract.ts';

/** The four service bases; api/support/esimcheck end in "/", logs is the full push URL. */
export type Bases = { api: string; support: string; esimcheck: string; logs: string };

export type Service = keyof Bases;

/** The fixture hosts every HAR file is recorded against. */
export const FIXTURE_BASES: Bases = {
  api: contract.fixture.apiBase,
  support: contract.fixture.supportBase,
  esimcheck: contract.fixture.esimCheckBase,
  logs: contract.fixture.logPushUrl,
};

export type MatchKey = { service: Service; method: string; path: string; query: string; grantType: string };

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
    if (!bases[service]) continue;
    const base = new URL(bases[service], url.origin);
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

/** keyOf computes the match key of a request; body is only read for connect/token. */
export function keyOf(bases: Bases, method: string, url: URL, body: string): MatchKey | null {
  const r = resolve(bases, url);
  if (!r) return null;
  const grantType = r.service === 'api' && r.path === TOKEN_PATH ? grantTypeOf(body) : '';
  return { service: r.service, method: method.toUpperCase(), path: r.path, query: canonicalQuery(url.searchParams), grantType };
}

export const keyString = (k: MatchKey): string =>
  `${k.service} ${k.method} ${k.path}${k.query ? `?${k.query}` : ''}${k.grantType ? ` grant_type=${k.grantType}` : ''}`;

export const isTokenRequest = (bases: Bases, url: URL): boolean => {
  const r = resolve(bases, url);
  return r !== null && r.service === 'api' && r.path === TOKEN_PATH;
};
