import { describe, expect, it } from 'vitest';
import { fixtureConfig } from '@/test/fixtureConfig';
import { messageFor } from '@/shared/messages/messages';
import { createShopApi } from './api';
import { ApiClient, parseRetryAfter, refreshRejected, type RetryPolicy } from './client';
import { ApiError, NetworkError, SessionExpiredError, TimeoutError, toMessageError } from './errors';
import { memoryStorage } from './memoryStorage';
import { SessionStore } from './session';

// The same rules as the Go SDK (docs/contract.md, "Retries and the refresh rule"): only a
// rejected refresh clears the session, and only calls that are safe to repeat are repeated.

type Step = { status: number; body?: unknown; headers?: Record<string, string> } | { fail: true };

const ok = (body: unknown): Step => ({ status: 200, body });
const problem = (status: number, detail: string, headers?: Record<string, string>): Step => ({
  status,
  body: { type: `https://www.rfc-editor.org/rfc/rfc9110#status.${status}`, title: status === 429 ? 'Too Many Requests' : 'Error', status, detail },
  headers,
});
const dropped: Step = { fail: true };

const COUNTRIES = { data: [{ name: 'Turkey', isoCode: 'TR' }] };
const BUNDLE = '5a26c6e7-77b9-5c2a-9c71-eebdb15d5de6';
const ORDER = '0b3c1a52-7a8e-4d8e-9c1e-2f4b5a6c7d8e';
const support = { phone: '+961 1 555 010', email: 'support@cedarsim.example' };

/**
 * fakeProvider answers each path (the part after the host) with its scripted steps in
 * order, the last one repeating; every request is recorded.
 */
function fakeProvider(scripts: Record<string, Step[]>) {
  const seen: { method: string; path: string; body: string; auth: string; lang: string }[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const key = Object.keys(scripts).find((p) => url.pathname.endsWith(p));
    const headers = new Headers(init?.headers);
    seen.push({ method: init?.method ?? 'GET', path: url.pathname, body: typeof init?.body === 'string' ? init.body : '', auth: headers.get('Authorization') ?? '', lang: headers.get('Accept-Language') ?? '' });
    if (key === undefined) return Promise.reject(new Error(`no script for ${url.pathname}`));
    const steps = scripts[key] ?? [];
    const n = seen.filter((s) => s.path.endsWith(key)).length;
    const step = steps[Math.min(n, steps.length) - 1];
    if (step === undefined) return Promise.reject(new Error(`empty script for ${key}`));
    if ('fail' in step) return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(
      new Response(step.body === undefined ? null : JSON.stringify(step.body), {
        status: step.status,
        headers: { 'Content-Type': step.status >= 400 ? 'application/problem+json' : 'application/json', ...step.headers },
      }),
    );
  };
  return { fetch, seen, count: (p: string) => seen.filter((s) => s.path.endsWith(p)).length };
}

const customer = { token: 'stale', refreshToken: 'refresh-1', isGuest: 'false', primaryProfileId: 'p1' };

function setup(scripts: Record<string, Step[]>, session: Record<string, string> = customer, retry: Partial<RetryPolicy> = {}) {
  const fake = fakeProvider(scripts);
  const waits: number[] = [];
  const store = new SessionStore(memoryStorage(session));
  const client = new ApiClient({
    config: fixtureConfig(),
    store,
    fetch: fake.fetch,
    retry: {
      random: () => 0.5,
      sleep: (ms, signal) => {
        waits.push(ms);
        return signal?.aborted ? Promise.reject(signal.reason) : Promise.resolve();
      },
      ...retry,
    },
  });
  return { ...fake, waits, store, client, api: createShopApi(client) };
}

describe('refresh failures', () => {
  it.each([
    { name: '500 keeps the session', refresh: problem(500, 'Injected fault.'), cleared: false, check: (e: unknown) => e instanceof ApiError && e.status === 500 },
    { name: '503 keeps the session (a grant is never retried)', refresh: problem(503, 'busy'), cleared: false, check: (e: unknown) => e instanceof ApiError && e.status === 503 },
    { name: 'no answer keeps the session', refresh: dropped, cleared: false, check: (e: unknown) => e instanceof NetworkError },
    { name: '400 other than invalid_grant keeps the session', refresh: { status: 400, body: { error: 'invalid_request' } }, cleared: false, check: (e: unknown) => e instanceof ApiError && e.status === 400 },
    { name: '400 invalid_grant clears it', refresh: problem(400, 'invalid_grant'), cleared: true, check: (e: unknown) => e instanceof SessionExpiredError },
    { name: '400 OAuth invalid_grant clears it', refresh: { status: 400, body: { error: 'invalid_grant' } }, cleared: true, check: (e: unknown) => e instanceof SessionExpiredError },
    { name: '401 clears it', refresh: problem(401, 'invalid_client'), cleared: true, check: (e: unknown) => e instanceof SessionExpiredError },
  ])('$name', async ({ refresh, cleared, check }) => {
    const t = setup({ 'catalog/countries': [problem(401, 'Token expired')], 'connect/token': [refresh] });
    const err = await t.api.catalog.countries().catch((e: unknown) => e);
    expect(check(err)).toBe(true);
    expect(t.count('connect/token')).toBe(1);
    const s = t.store.load();
    if (cleared) expect(s).toEqual({ token: '', refreshToken: '', isGuest: '', primaryProfileId: '' });
    else expect(s).toEqual(customer);
  });

  it('serves the next call with the kept session once the refresh works again', async () => {
    const t = setup({
      'catalog/countries': [problem(401, 'Token expired'), problem(401, 'Token expired'), ok(COUNTRIES)],
      'connect/token': [problem(500, 'Injected fault.'), ok({ access_token: 'new', refresh_token: 'refresh-2' })],
    });
    await expect(t.api.catalog.countries()).rejects.toBeInstanceOf(ApiError);
    await expect(t.api.catalog.countries()).resolves.toEqual([{ name: 'Turkey', isoCode: 'TR' }]);
    expect(t.store.load()).toMatchObject({ token: 'new', refreshToken: 'refresh-2', isGuest: 'false' });
  });

  it('classifies rejections', () => {
    expect(refreshRejected(new ApiError('c', 'u', 401, {}))).toBe(true);
    expect(refreshRejected(new ApiError('c', 'u', 400, { detail: 'invalid_grant' }))).toBe(true);
    expect(refreshRejected(new ApiError('c', 'u', 400, { detail: 'invalid_client' }))).toBe(false);
    expect(refreshRejected(new ApiError('c', 'u', 500, {}))).toBe(false);
    expect(refreshRejected(new NetworkError('c', new TypeError('x')))).toBe(false);
  });
});

describe('retries', () => {
  const canPurchase = (a: ReturnType<typeof setup>['api']) => a.support.canPurchase(BUNDLE, 'rami@example.com');
  const details = (a: ReturnType<typeof setup>['api']) => a.orders.addDetails('', ORDER, BUNDLE);
  const verify = (a: ReturnType<typeof setup>['api']) => a.users.verifyCode('user-1', '123456', 'dev-captcha');
  const countries = (a: ReturnType<typeof setup>['api']) => a.catalog.countries();
  const CHECKOUT = { data: { checkoutURL: 'https://pay.example.com/c/1' } };
  const VERIFIED = { data: { username: 'rami@example.com', oneTimeLoginPassword: 'pw' } };

  it.each([
    { name: 'GET 503 then 200', path: 'catalog/countries', steps: [problem(503, 'busy'), ok(COUNTRIES)], run: countries, calls: 2, fails: false },
    { name: 'GET 502, 504, then 200', path: 'catalog/countries', steps: [problem(502, 'x'), problem(504, 'y'), ok(COUNTRIES)], run: countries, calls: 3, fails: false },
    { name: 'GET without an answer, then 200', path: 'catalog/countries', steps: [dropped, ok(COUNTRIES)], run: countries, calls: 2, fails: false },
    { name: 'GET at most 3 tries', path: 'catalog/countries', steps: [problem(503, 'busy')], run: countries, calls: 3, fails: true },
    { name: 'GET 500 is not retried', path: 'catalog/countries', steps: [problem(500, 'boom'), ok(COUNTRIES)], run: countries, calls: 1, fails: true },
    { name: 'GET 429 without Retry-After is not retried', path: 'catalog/countries', steps: [problem(429, 'slow'), ok(COUNTRIES)], run: countries, calls: 1, fails: true },
    { name: 'GET 429 with Retry-After is retried', path: 'catalog/countries', steps: [problem(429, 'slow', { 'Retry-After': '1' }), ok(COUNTRIES)], run: countries, calls: 2, fails: false },
    { name: 'orderdetails (idempotency id) 503 then 200', path: '/orderdetails', steps: [problem(503, 'busy'), ok(CHECKOUT)], run: details, calls: 2, fails: false },
    { name: 'orderdetails without an answer, then 200', path: '/orderdetails', steps: [dropped, ok(CHECKOUT)], run: details, calls: 2, fails: false },
    { name: 'verify (idempotency id) 503 then 200', path: 'users/otp/email/user-1', steps: [problem(503, 'busy'), ok(VERIFIED)], run: verify, calls: 2, fails: false },
    { name: 'verify 429 is not retried', path: 'users/otp/email/user-1', steps: [problem(429, 'Too many attempts.', { 'Retry-After': '1' }), ok(VERIFIED)], run: verify, calls: 1, fails: true },
    { name: 'POST without idempotency id: 503 never retried', path: 'esims/can-purchase', steps: [problem(503, 'busy'), ok({ data: { canContinue: true } })], run: canPurchase, calls: 1, fails: true },
    { name: 'POST without idempotency id: no answer never retried', path: 'esims/can-purchase', steps: [dropped, ok({ data: { canContinue: true } })], run: canPurchase, calls: 1, fails: true },
  ])('$name', async ({ path, steps, run, calls, fails }) => {
    const t = setup({ [path]: steps }, { token: 'tok', refreshToken: 'r', isGuest: 'false', primaryProfileId: '' });
    const res = await run(t.api).then(
      () => 'ok',
      (e: unknown) => e,
    );
    if (fails) expect(res).not.toBe('ok');
    else expect(res).toBe('ok');
    expect(t.seen).toHaveLength(calls);
    expect(new Set(t.seen.map((s) => s.body)).size).toBe(1);
  });

  // Spec section 7's one retry after a guest re-authentication and the hiccup retries share
  // one budget: a call is sent at most maxAttempts (3) times in all, whatever the mix.
  const contact = (a: ReturnType<typeof setup>['api']) => a.support.contactUs({ fullName: 'Rami', email: 'rami@example.com', message: 'Hello', department: 'Support' });
  const GUEST = ok({ access_token: 'guest-2', refresh_token: '' });
  it.each([
    { name: 'contact-us 503 every time: 3 tries in all, the last after the guest login', steps: [problem(503, 'busy')], posts: 3, grants: 1, fails: true },
    { name: 'contact-us 503, 503, then 200 after the guest login', steps: [problem(503, 'busy'), problem(503, 'busy'), ok({ data: { id: 'c1' } })], posts: 3, grants: 1, fails: false },
    { name: 'contact-us 500 (not a hiccup): guest login and one retry', steps: [problem(500, 'boom'), ok({ data: { id: 'c1' } })], posts: 2, grants: 1, fails: false },
    { name: 'contact-us no answer every time: 3 tries in all', steps: [dropped], posts: 3, grants: 1, fails: true },
  ])('$name', async ({ steps, posts, grants, fails }) => {
    const t = setup({ 'support/contact-us': steps, 'connect/token': [GUEST] }, { token: 'guest-1', refreshToken: '', isGuest: 'true', primaryProfileId: '' });
    const res = await contact(t.api).then(
      () => 'ok',
      (e: unknown) => e,
    );
    if (fails) expect(res).not.toBe('ok');
    else expect(res).toBe('ok');
    expect(t.count('support/contact-us')).toBe(posts);
    expect(t.count('connect/token')).toBe(grants);
    expect(new Set(t.seen.filter((s) => s.path.endsWith('support/contact-us')).map((s) => JSON.parse(s.body).IdempotencyId)).size).toBe(1);
  });

  it('a GET that meets a 401 is sent at most 3 times in all, the re-authentication included', async () => {
    const t = setup({ 'catalog/countries': [problem(401, 'Token expired'), problem(503, 'busy')], 'connect/token': [ok({ access_token: 'fresh', refresh_token: 'r2' })] });
    await expect(t.api.catalog.countries()).rejects.toMatchObject({ status: 503 });
    expect(t.count('catalog/countries')).toBe(3);
    expect(t.count('connect/token')).toBe(1);
  });

  it('waits a jittered, doubling backoff', async () => {
    const t = setup({ 'catalog/countries': [problem(503, 'busy')] }, customer, { random: () => 0.5 });
    await expect(t.api.catalog.countries()).rejects.toBeInstanceOf(ApiError);
    expect(t.waits).toEqual([100, 200]);
  });

  it('honours Retry-After (seconds and HTTP date)', async () => {
    const t = setup({ 'catalog/countries': [problem(503, 'busy', { 'Retry-After': '3' }), ok(COUNTRIES)] });
    await t.api.catalog.countries();
    expect(t.waits).toEqual([3000]);
    const date = new Date(Date.now() + 5000).toUTCString();
    const u = setup({ 'catalog/countries': [problem(503, 'busy', { 'Retry-After': date }), ok(COUNTRIES)] });
    await u.api.catalog.countries();
    expect(u.waits[0]).toBeGreaterThanOrEqual(4000);
    expect(u.waits[0]).toBeLessThanOrEqual(5000);
  });

  it('does not wait for a Retry-After beyond maxRetryAfterMs', async () => {
    const t = setup({ 'catalog/countries': [problem(503, 'busy', { 'Retry-After': '120' }), ok(COUNTRIES)] });
    await expect(t.api.catalog.countries()).rejects.toMatchObject({ status: 503, retryAfter: 120 });
    expect(t.waits).toEqual([]);
    expect(t.seen).toHaveLength(1);
  });

  it('stops waiting when the caller aborts', async () => {
    const fake = fakeProvider({ 'catalog/countries': [problem(503, 'busy'), ok(COUNTRIES)] });
    const ac = new AbortController();
    const client = new ApiClient({
      config: fixtureConfig(),
      store: new SessionStore(memoryStorage(customer)),
      fetch: fake.fetch,
      retry: { baseDelayMs: 60_000, maxDelayMs: 60_000, random: () => 1 },
    });
    const p = client.send('listCountries', { auth: 'public', signal: ac.signal });
    setTimeout(() => ac.abort(), 20);
    await expect(p).rejects.toBeInstanceOf(TimeoutError);
    expect(fake.seen).toHaveLength(1);
  });

  it('parses Retry-After', () => {
    const now = Date.parse('2026-03-01T09:00:00Z');
    expect(parseRetryAfter(null, now)).toBe(0);
    expect(parseRetryAfter('', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBe(0);
    expect(parseRetryAfter(' 7 ', now)).toBe(7);
    expect(parseRetryAfter('Sun, 01 Mar 2026 09:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Sun, 01 Mar 2026 08:59:00 GMT', now)).toBe(0);
  });
});

describe('the page language', () => {
  it('goes with every request as Accept-Language (the sandbox writes its mails in it)', async () => {
    const fake = fakeProvider({ 'catalog/countries': [ok(COUNTRIES)], 'support/contact-us': [ok({ data: { id: 'c1' } })] });
    const client = new ApiClient({ config: fixtureConfig(), store: new SessionStore(memoryStorage(customer)), fetch: fake.fetch, language: () => 'ar' });
    const api = createShopApi(client);
    await api.catalog.countries();
    await api.support.contactUs({ fullName: 'Rami', email: 'rami@example.com', message: 'Hello', department: 'Support' });
    expect(fake.seen.map((s) => s.lang)).toEqual(['ar', 'ar']);
  });

  it("is the document's language by default", async () => {
    document.documentElement.lang = 'fr';
    const fake = fakeProvider({ 'catalog/countries': [ok(COUNTRIES)] });
    const client = new ApiClient({ config: fixtureConfig(), store: new SessionStore(memoryStorage(customer)), fetch: fake.fetch });
    await createShopApi(client).catalog.countries();
    expect(fake.seen[0]?.lang).toBe('fr');
    document.documentElement.lang = '';
  });
});

describe('429 messages', () => {
  it.each([
    { context: 'otpSendLogin' as const, run: (a: ReturnType<typeof setup>['api']) => a.users.sendLoginCode('rami@example.com'), path: 'users/otp/send_email/rami%40example.com/true', wait: '10 minutes' },
    { context: 'otpVerify' as const, run: (a: ReturnType<typeof setup>['api']) => a.users.verifyCode('user-1', '123456', 'dev-captcha'), path: 'users/otp/email/user-1', wait: '10 minutes' },
  ])('$context says how long to wait', async ({ context, run, path }) => {
    const t = setup({ [path]: [problem(429, 'Too many code e-mails for this address.', { 'Retry-After': '600' })], 'connect/token': [ok({ access_token: 'g', refresh_token: '' })] }, { token: 'guest', refreshToken: '', isGuest: 'true', primaryProfileId: '' });
    const err = await run(t.api).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 429, retryAfter: 600 });
    expect(toMessageError(err)).toMatchObject({ kind: 'api', status: 429, retryAfter: 600 });
    expect(messageFor(context, toMessageError(err), support).text).toBe('Too many attempts. Please wait 10 minutes and try again.');
  });
});
