import type { RuntimeConfig } from '@/shared/config/config';
import { ApiError, NetworkError, NotLoggedInError, SessionExpiredError, TimeoutError } from './errors';
import { contract } from '@/shared/contract/contract';
import { defaultRetryPolicy, effectiveAuth, guestRetryPath, retryWait, type AuthMode, type RetryPolicy } from './rules';
import { route, type Answer, type Call, type OperationId, type Received, type Service } from './operations';
import { isRegistered, type SessionStore } from './session';

export type { AuthMode, RetryPolicy } from './rules';

export type { Service } from './operations';

/**
 * A request as it is sent: built from an operationId and its typed parts by ApiClient.send
 * (or, for the one call the contract does not describe, sendUndocumented).
 */
type RequestSpec = {
  /** The call name (operationId, or operationId.variant), used in errors and logs. */
  call: string;
  service: Service;
  method: 'GET' | 'POST' | 'DELETE';
  /** Path relative to the service base, parameters already escaped. */
  path: string;
  query?: Record<string, string>;
  /** The encoded body and its media type. */
  body?: { type: 'application/json' | 'application/x-www-form-urlencoded'; text: string };
  auth: AuthMode;
  /** Any status other than 200 is an error (topup_bundle_selected, section 8). */
  only200?: boolean;
  /** Safe to repeat after a hiccup (see rules.ts retryWait). */
  idempotent?: boolean;
  signal?: AbortSignal;
};

/** parseRetryAfter reads a Retry-After header (seconds or an HTTP date) as seconds; 0 when absent. */
export function parseRetryAfter(v: string | null, now = Date.now()): number {
  const t = (v ?? '').trim();
  if (t === '') return 0;
  if (/^\d+$/.test(t)) return Math.min(Number(t), 86_400);
  const date = Date.parse(t);
  if (Number.isNaN(date)) return 0;
  return Math.max(0, Math.round((date - now) / 1000));
}

/**
 * refreshRejected: the server refused the grant itself (401, or 400 invalid_grant). Only
 * then is the session cleared; docs/contract.md reads the spec's "a failed refresh clears
 * the session" this way.
 */
export const refreshRejected = (err: unknown): boolean =>
  err instanceof ApiError &&
  (err.status === 401 || (err.status === 400 && `${err.detail} ${err.title}`.toLowerCase().includes(contract.detail.invalidGrant)));

/** The tries one call has left (ApiClient.send). */
type Budget = { left: number };

export type TokenAnswer = { accessToken: string; refreshToken: string };

const ACCEPT = 'application/json, text/plain, */*';

/**
 * segment escapes one path parameter; empty and dot parameters are refused so that none can
 * climb out of its base. Commas stay (a path segment may hold them, the search's
 * `TR,LB`; Go's url.PathEscape keeps them too).
 */
function segment(v: string | number | boolean): string {
  const p = String(v);
  if (p === '' || p === '.' || p === '..') throw new Error(`path parameter ${JSON.stringify(p)} is not allowed`);
  return encodeURIComponent(p).replaceAll('%2C', ',');
}

/** path builds an escaped relative path from literal segments and parameters (see segment). */
export function path(strings: TemplateStringsArray, ...params: (string | number)[]): string {
  return strings.reduce((acc, s, i) => (i === 0 ? s : acc + segment(params[i - 1] ?? '') + s), '');
}

/** fill puts the escaped parameters into a route's path template ({name}). */
function fill(template: string, params: Record<string, string | number | boolean> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`path parameter ${name} is missing`);
    return segment(v);
  });
}

/** strings gives a query or form its text values. */
function strings(o: object | undefined): Record<string, string> | undefined {
  if (o === undefined) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined && v !== null) out[k] = String(v);
  return out;
}

function basicHeader(id: string, secret: string): string {
  const bytes = new TextEncoder().encode(`${id}:${secret}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

async function problemOf(res: Response): Promise<{ title?: string; detail?: string; type?: string }> {
  let text = '';
  try {
    text = await res.text();
  } catch {
    return { title: res.statusText };
  }
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null) {
      const b = body as Record<string, unknown>;
      const s = (v: unknown) => (typeof v === 'string' ? v : undefined);
      // problem+json, or an OAuth error body ({"error":"invalid_grant"}).
      return { title: s(b.title) ?? res.statusText, detail: s(b.detail) ?? s(b.error_description) ?? s(b.error), type: s(b.type) };
    }
  } catch {
    // Not JSON: the status line is all there is.
  }
  return { title: res.statusText };
}

/**
 * SessionLocks runs fn while holding the named lock, one holder at a time in this origin
 * (every tab and worker): the browser's Web Locks (navigator.locks). Tests pass their own.
 */
export type SessionLocks = { request<T>(name: string, fn: () => Promise<T>): Promise<T> };

/** The lock every tab takes around a re-authentication of the shared session. */
export const SESSION_LOCK = 'esim-session';

/**
 * browserLocks is navigator.locks where the browser has it; elsewhere fn runs at once (one
 * tab's calls still share one re-authentication through the client's flights).
 */
export const browserLocks: SessionLocks = {
  request<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks) return fn();
    return locks.request(name, fn) as Promise<T>;
  },
};

export type ClientDeps = {
  config: RuntimeConfig;
  store: SessionStore;
  /** Cross-tab lock of the session; browserLocks by default. */
  locks?: SessionLocks;
  fetch?: typeof fetch;
  /** Origin that same-origin bases are resolved against; the page's by default. */
  origin?: string;
  /** Overrides of defaultRetryPolicy. */
  retry?: Partial<RetryPolicy>;
  /**
   * The page's language, sent as Accept-Language so the provider answers (and the sandbox
   * writes its mails) in it; by default the document's lang (syncDocument keeps it on the
   * active locale), '' sends none.
   */
  language?: () => string;
};

/**
 * ApiClient sends provider calls with the session rules of spec sections 4, 7 and 8:
 * bearer rules, guest token, one re-authentication on 401 shared by every waiting caller
 * (one promise per stale token), one retry, retry-once-as-guest paths, session clearing.
 */
export class ApiClient {
  readonly config: RuntimeConfig;
  readonly store: SessionStore;
  private readonly fetchFn: typeof fetch;
  private readonly origin: string;
  private readonly retry: RetryPolicy;
  private readonly language: () => string;
  private readonly locks: SessionLocks;
  // In-flight shared operations, keyed like the Go SDK's singleflight.
  private readonly flights = new Map<string, Promise<string>>();

  constructor(deps: ClientDeps) {
    this.config = deps.config;
    this.store = deps.store;
    this.fetchFn = deps.fetch ?? ((...args) => globalThis.fetch(...args));
    this.origin = deps.origin ?? (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);
    this.retry = { ...defaultRetryPolicy, ...deps.retry };
    this.language = deps.language ?? (() => (typeof document === 'undefined' ? '' : document.documentElement.lang));
    this.locks = deps.locks ?? browserLocks;
  }

  private base(service: Service): string {
    const c = this.config;
    const b = { api: c.apiBase, support: c.supportBase, esimcheck: c.esimCheckBase, logs: c.logPushUrl }[service];
    return new URL(b, this.origin).toString();
  }

  /** url of a request, for errors and logs without the query. */
  private url(spec: RequestSpec): URL {
    const u = spec.service === 'logs' ? new URL(this.base('logs')) : new URL(spec.path, this.base(spec.service));
    for (const [k, v] of Object.entries(spec.query ?? {})) u.searchParams.append(k, v);
    return u;
  }

  private flight(key: string, fn: () => Promise<string>): Promise<string> {
    const running = this.flights.get(key);
    if (running) return running;
    const p = fn().finally(() => this.flights.delete(key));
    this.flights.set(key, p);
    return p;
  }

  /**
   * send makes one call of operation op: its route comes from the contract, its path
   * parameters, query and body are typed by the operation, and the answer is the
   * operation's, as received (undefined when the body is empty): decoders check it.
   *
   * One call is sent at most maxAttempts times in all, whatever the mix of hiccup retries,
   * the retry after a 401's re-authentication and the spec's retry after a guest login
   * (section 7): they share one budget. A guest-retry path keeps one try of it back for the
   * spec's retry, so a 503 gives two tries, the guest login, and the last try.
   */
  send<K extends OperationId>(op: K, call: Call<K>): Promise<Received<Answer<K>> | undefined> {
    return this.run(this.request(op, call)) as Promise<Received<Answer<K>> | undefined>;
  }

  /**
   * sendUndocumented makes a call the contract does not describe (the token landing's
   * check, docs/contract.md): untyped, with the same session and retry rules.
   */
  sendUndocumented(spec: { call: string; method: 'GET'; path: string; auth: AuthMode; signal?: AbortSignal }): Promise<unknown> {
    return this.run({ ...spec, service: 'api' });
  }

  /** request builds the request of a call of op. */
  private request<K extends OperationId>(op: K, call: Call<K>): RequestSpec {
    const r = route(op);
    const c = call as Call<K> & { params?: Record<string, string | number | boolean>; query?: object; json?: unknown; form?: object };
    let body: RequestSpec['body'];
    if (c.json !== undefined) body = { type: 'application/json', text: JSON.stringify(c.json) };
    else if (c.form !== undefined) body = { type: 'application/x-www-form-urlencoded', text: new URLSearchParams(strings(c.form)).toString() };
    return {
      call: c.variant ? `${op}.${c.variant}` : op,
      service: r.service,
      method: r.method,
      path: c.at ? c.at.path : fill(r.path, c.params),
      query: c.at ? c.at.query : strings(c.query),
      body,
      auth: c.auth,
      only200: c.only200,
      idempotent: c.idempotent,
      signal: c.signal,
    };
  }

  private async run(spec: RequestSpec): Promise<unknown> {
    const budget: Budget = { left: this.retry.maxAttempts };
    const guestRetry = guestRetryPath(spec.path);
    try {
      return await this.sendAuth(spec, budget, guestRetry && budget.left > 1 ? 1 : 0);
    } catch (err) {
      if (!guestRetry || spec.signal?.aborted || budget.left <= 0) throw err;
      const tok = await this.guestReauth();
      return this.attempt(spec, tok, budget);
    }
  }

  private async sendAuth(spec: RequestSpec, budget: Budget, keep: number): Promise<unknown> {
    const auth = effectiveAuth(spec.path, spec.auth);
    let tok = '';
    if (auth === 'private' || auth === 'public' || auth === 'optional') {
      tok = this.store.load().token;
      if (tok === '') {
        if (auth === 'private') throw new NotLoggedInError(spec.call);
        if (auth === 'public') tok = await this.ensureSession();
      }
    }
    const s = { ...spec, auth };
    try {
      return await this.attempt(s, tok, budget, keep);
    } catch (err) {
      if (tok === '' || auth === 'optional' || guestRetryPath(spec.path) || !(err instanceof ApiError) || err.status !== 401 || budget.left <= 0) {
        throw err;
      }
    }
    // One re-authentication shared by every concurrent caller, then one retry; a second
    // 401 is returned as is, never a loop.
    const fresh = await this.reauthenticate(tok);
    return this.attempt(s, fresh, budget);
  }

  /**
   * attempt sends the request, and again after a hiccup when it is safe to repeat (see
   * RetryPolicy), spending one try of the call's budget each time and leaving `keep` of it
   * unspent. The error of the last try is thrown.
   */
  private async attempt(spec: RequestSpec, bearer: string, budget: Budget = { left: this.retry.maxAttempts }, keep = 0): Promise<unknown> {
    for (let n = 1; ; n++) {
      budget.left--;
      try {
        return await this.sendOnce(spec, bearer);
      } catch (err) {
        const wait = budget.left > keep && !spec.signal?.aborted ? retryWait(this.retry, spec, err, n) : null;
        if (wait === null) throw err;
        try {
          await this.retry.sleep(wait, spec.signal);
        } catch (abort) {
          throw new TimeoutError(spec.call, abort);
        }
      }
    }
  }

  /** sendOnce sends the request once. */
  private async sendOnce(spec: RequestSpec, bearer: string): Promise<unknown> {
    const url = this.url(spec);
    const safeURL = `${url.origin}${url.pathname}`;
    const headers: Record<string, string> = { Accept: ACCEPT };
    const lang = this.language();
    if (lang) headers['Accept-Language'] = lang;
    if (spec.body) headers['Content-Type'] = spec.body.type;
    const body = spec.body?.text;
    if (spec.auth === 'basic') headers.Authorization = basicHeader(this.config.guest.clientId, this.config.guest.clientSecret);
    else if (spec.auth !== 'none' && bearer !== '') headers.Authorization = `Bearer ${bearer}`;

    let res: Response;
    try {
      // no-store: customer data never lands in the browser's HTTP cache, where the next
      // person on this device could read it (docs/offline.md); the service worker passes it by.
      res = await this.fetchFn(url.toString(), { method: spec.method, headers, body, signal: spec.signal, cache: 'no-store' });
    } catch (err) {
      if (spec.signal?.aborted) throw new TimeoutError(spec.call, err);
      throw new NetworkError(spec.call, err);
    }
    if (!res.ok || (spec.only200 && res.status !== 200)) {
      throw new ApiError(spec.call, safeURL, res.status, await problemOf(res), parseRetryAfter(res.headers.get('Retry-After')));
    }
    const text = await res.text().catch((err: unknown) => {
      throw new NetworkError(spec.call, err);
    });
    if (text.trim() === '') return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch (err) {
      throw new ApiError(spec.call, safeURL, res.status, { title: 'Malformed answer', detail: `not JSON: ${String(err)}` });
    }
  }

  private async tokenGrant(variant: 'guest' | 'refresh' | 'otp', form: Call<'token'>['form'], auth: AuthMode): Promise<TokenAnswer> {
    const spec = this.request('token', { variant, form, auth });
    const b = (await this.attempt(spec, '')) as Received<Answer<'token'>> | undefined;
    const access = b?.access_token;
    if (typeof access !== 'string' || access === '') {
      throw new ApiError(spec.call, this.base('api') + spec.path, 200, { title: 'Malformed answer', detail: 'no access_token' });
    }
    const refresh = b?.refresh_token;
    return { accessToken: access, refreshToken: typeof refresh === 'string' ? refresh : '' };
  }

  /** guestGrant logs in with the configured guest account without touching the store. */
  guestGrant(): Promise<TokenAnswer> {
    const g = this.config.guest;
    return this.tokenGrant('guest', { grant_type: 'password', username: g.username, password: g.password, scope: contract.scope.guest }, 'basic');
  }

  /** guestLogin obtains an anonymous token and stores it as a guest session. */
  async guestLogin(): Promise<TokenAnswer> {
    const t = await this.guestGrant();
    this.store.save({ token: t.accessToken, refreshToken: t.refreshToken, isGuest: 'true' });
    return t;
  }

  /** refreshGrant trades a refresh token for new tokens (no Authorization header). */
  refreshGrant(refreshToken: string): Promise<TokenAnswer> {
    const g = this.config.guest;
    return this.tokenGrant(
      'refresh',
      { client_id: g.clientId, client_secret: g.clientSecret, grant_type: 'refresh_token', refresh_token: refreshToken },
      'none',
    );
  }

  /** exchangeOtp trades the verified code's one-time password for a customer's tokens. */
  exchangeOtp(username: string, oneTimePassword: string): Promise<TokenAnswer> {
    return this.tokenGrant('otp', { grant_type: 'password', username, password: oneTimePassword, scope: contract.scope.otp }, 'basic');
  }

  /** ensureSession logs in as guest when no session is stored (public calls). */
  private ensureSession(): Promise<string> {
    return this.flight('ensure-session', async () => {
      const s = this.store.load();
      if (s.token !== '') return s.token;
      return (await this.guestLogin()).accessToken;
    });
  }

  /**
   * reauthenticate replaces a stale token after a 401: refresh for a registered session,
   * guest login for a guest or when there is no refresh token. Callers that failed with
   * the same token share one attempt. Only a rejected grant (refreshRejected) clears the
   * session and throws SessionExpiredError; a hiccup (5xx, no answer) keeps the session,
   * whose refresh token may still be good, and throws that error as is.
   *
   * Tabs share the session (localStorage): the exchange runs under SESSION_LOCK, so two
   * tabs never redeem the same refresh token; the tab that waited reads the session again
   * and finds the token already replaced.
   */
  private reauthenticate(stale: string): Promise<string> {
    return this.flight(`reauth:${stale}`, () => this.locks.request(SESSION_LOCK, () => this.reauthenticateLocked(stale)));
  }

  private async reauthenticateLocked(stale: string): Promise<string> {
    const s = this.store.current();
    if (s.token !== stale) {
      // Someone (this tab or another) already re-authenticated, or gave up and cleared
      // the session.
      if (s.token === '') throw new SessionExpiredError('session expired');
      return s.token;
    }
    try {
      if (s.isGuest !== 'true' && s.refreshToken !== '') {
        const t = await this.refreshGrant(s.refreshToken);
        this.store.save({ token: t.accessToken, refreshToken: t.refreshToken || s.refreshToken });
        return t.accessToken;
      }
      return (await this.guestLogin()).accessToken;
    } catch (err) {
      if (!refreshRejected(err)) throw err;
      this.store.clear();
      throw new SessionExpiredError(`session expired: re-authentication failed: ${err instanceof Error ? err.message : String(err)}`, {
        cause: err,
      });
    }
  }

  /**
   * guestReauth is the guest login of the guest-retry paths. A registered customer's
   * session stays in place (the guest token serves the one retry only).
   */
  private guestReauth(): Promise<string> {
    return this.flight('guest-retry', async () => {
      if (isRegistered(this.store.load())) return (await this.guestGrant()).accessToken;
      return (await this.guestLogin()).accessToken;
    });
  }
}
