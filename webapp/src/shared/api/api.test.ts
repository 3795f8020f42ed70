import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { contract } from '@/shared/contract/contract';
import { fixtureConfig } from '@/test/fixtureConfig';
import { messageFor } from '@/shared/messages/messages';
import { findScenario, handlersFor, createFixtureHandlers } from '@/mocks/handlers';
import { startMockServer } from '@/test/msw';
import { createShopApi } from './api';
import { ApiClient } from './client';
import type {
  ValidationError} from './errors';
import {
  ApiError,
  DecodeError,
  InvalidPlanError,
  NotLoggedInError,
  PurchaseRefusedError,
  SessionExpiredError,
  toMessageError,
} from './errors';
import { SessionStore } from './session';

const server = startMockServer();
const API = 'https://api.provider.test/api/v1/';
const support = { phone: '+961 1 555 010', email: 'support@cedarsim.example' };
const ICCID = '89961010025061000016';
const BUNDLE = '5a26c6e7-77b9-5c2a-9c71-eebdb15d5de6';

function setup(session: Partial<Record<'token' | 'refreshToken' | 'isGuest', string>> = {}) {
  for (const [k, v] of Object.entries(session)) window.localStorage.setItem(k, v);
  const client = new ApiClient({ config: fixtureConfig(), store: new SessionStore(window.localStorage) });
  return { client, api: createShopApi(client) };
}

const registered = { token: 'stale-token', refreshToken: 'refresh-1', isGuest: 'false' };

/** Records every request: method, path under the API host, and Authorization header. */
function recordRequests() {
  const seen: { method: string; url: string; auth: string; grant: string }[] = [];
  server.events.on('request:start', async ({ request }) => {
    const body = request.method === 'POST' ? await request.clone().text() : '';
    seen.push({
      method: request.method,
      url: request.url,
      auth: request.headers.get('authorization') ?? '',
      grant: new URLSearchParams(body).get('grant_type') ?? '',
    });
  });
  return seen;
}

const accessTokenOf = (call: string, scenario: string) => {
  const e = findScenario(call, scenario).entries.find((x) => x.call === call);
  return (JSON.parse(e?.body ?? '{}') as { access_token: string }).access_token;
};

describe('bearer rules', () => {
  it.each([
    { name: 'countries carry the bearer', run: (a: ReturnType<typeof setup>['api']) => a.catalog.countries(), sel: { 'listCountries': 'success' } as const, want: 'Bearer t' },
    { name: 'search_bundles goes without', run: (a: ReturnType<typeof setup>['api']) => a.catalog.search(['TR', 'LB']), sel: { 'searchBundles': 'success' } as const, want: '' },
    { name: 'catalog/bundles/* goes without (substring rule)', run: (a: ReturnType<typeof setup>['api']) => a.catalog.areaBundles('TR'), sel: { 'listAreaBundles': 'success' } as const, want: '' },
    { name: 'catalog/bundle/:id goes without', run: (a: ReturnType<typeof setup>['api']) => a.catalog.bundle(BUNDLE), sel: { 'getBundle': 'success' } as const, want: '' },
    { name: 'the top-up list reads an eSIM: it carries the bearer (authorization model)', run: (a: ReturnType<typeof setup>['api']) => a.catalog.topupBundles('TR', ICCID, 0), sel: { 'listAreaBundles.topup': 'success' } as const, want: 'Bearer t' },
    { name: 'orders create uses the basic client credential', run: (a: ReturnType<typeof setup>['api']) => a.orders.create(), sel: { 'createOrder': 'newly-created' } as const, want: `Basic ${btoa(`${contract.sandbox.clientId}:placeholder`)}` },
  ])('$name', async ({ run, sel, want }) => {
    const { api } = setup({ token: 't', isGuest: 'true' });
    server.use(...handlersFor(sel));
    const seen = recordRequests();
    await run(api);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.auth).toBe(want);
  });
});

describe('guest token', () => {
  it('logs in as guest before a public call when no session is stored', async () => {
    const { api, client } = setup();
    server.use(...handlersFor({ 'token.guest': 'success', 'listCountries': 'success' }));
    const seen = recordRequests();
    const countries = await api.catalog.countries();
    expect(countries.length).toBeGreaterThan(0);
    expect(countries[0]).toEqual({ name: expect.any(String), isoCode: expect.stringMatching(/^[A-Z]{2}$/) });
    const guestToken = accessTokenOf('token.guest', 'success');
    expect(seen.map((s) => [s.grant, s.auth])).toEqual([
      ['password', `Basic ${btoa(`${contract.sandbox.clientId}:placeholder`)}`],
      ['', `Bearer ${guestToken}`],
    ]);
    expect(client.store.load()).toMatchObject({ token: guestToken, isGuest: 'true' });
    expect(window.localStorage.getItem('isGuest')).toBe('true');
  });

  it('shares one guest login between parallel public calls', async () => {
    const { api } = setup();
    server.use(...handlersFor({ 'token.guest': 'success', 'listCountries': 'success', 'listRegions': 'success' }));
    const seen = recordRequests();
    await Promise.all([api.catalog.countries(), api.catalog.regions(), api.catalog.countries()]);
    expect(seen.filter((s) => s.grant === 'password')).toHaveLength(1);
  });

  it('refuses a private call without a session, before any request', async () => {
    const { api } = setup();
    const seen = recordRequests();
    await expect(api.users.currentUser()).rejects.toBeInstanceOf(NotLoggedInError);
    expect(seen).toHaveLength(0);
  });
});

describe('re-authentication on 401', () => {
  it('refreshes once, stores the new tokens and retries', async () => {
    const { api, client } = setup(registered);
    const set = createFixtureHandlers({ 'getCurrentUser': 'expired-token-refresh' });
    server.use(...set.handlers);
    await expect(api.users.currentUser()).resolves.toEqual({ email: 'rana.haddad@example.com', firstName: 'Rana', lastName: 'Haddad' });
    expect(set.unused()).toEqual([]);
    expect(client.store.load()).toMatchObject({
      token: accessTokenOf('token.refresh', 'success'),
      isGuest: 'false',
    });
    expect(window.localStorage.getItem('refreshToken')).not.toBe('refresh-1');
  });

  it('clears the session when the refresh is rejected', async () => {
    const { api, client } = setup({ ...registered, primaryProfileId: 'p1' } as typeof registered);
    server.use(...handlersFor({ 'getCurrentUser': 'refresh-rejected' }));
    const err = await api.users.currentUser().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SessionExpiredError);
    expect(client.store.load()).toEqual({ token: '', refreshToken: '', isGuest: '', primaryProfileId: '' });
    for (const k of ['token', 'refreshToken', 'isGuest', 'primaryProfileId']) expect(window.localStorage.getItem(k)).toBeNull();
  });

  it('makes one refresh for many parallel calls that failed with the same token, and retries them all', async () => {
    const { api } = setup(registered);
    const expired = findScenario('getCurrentUser', 'expired-token-refresh').entries[0];
    // Every call with the stale token is refused, however many arrive before the refresh.
    server.use(
      http.get(`${API}users/actions/get-current-user`, ({ request }) =>
        request.headers.get('authorization') === 'Bearer stale-token'
          ? new HttpResponse(expired?.body, { status: 401, headers: expired?.headers })
          : undefined,
      ),
      ...handlersFor({ 'token.refresh': 'success', 'getCurrentUser': 'success' }),
    );
    const seen = recordRequests();
    const results = await Promise.all(Array.from({ length: 20 }, () => api.users.currentUser()));
    expect(results.every((u) => u?.firstName === 'Rana')).toBe(true);
    expect(seen.filter((s) => s.grant === 'refresh_token')).toHaveLength(1);
    expect(seen.filter((s) => s.auth === 'Bearer stale-token')).toHaveLength(20);
    expect(seen.filter((s) => s.auth === `Bearer ${accessTokenOf('token.refresh', 'success')}`)).toHaveLength(20);
  });

  it('re-authenticates a guest by a new guest login', async () => {
    const { api, client } = setup({ token: 'stale-token', isGuest: 'true' });
    const expired = findScenario('getCurrentUser', 'expired-token-refresh').entries[0];
    server.use(
      http.get(`${API}catalog/countries`, ({ request }) =>
        request.headers.get('authorization') === 'Bearer stale-token' ? new HttpResponse(expired?.body, { status: 401 }) : undefined,
      ),
      ...handlersFor({ 'token.guest': 'success', 'listCountries': 'success' }),
    );
    await api.catalog.countries();
    expect(client.store.load()).toMatchObject({ token: accessTokenOf('token.guest', 'success'), isGuest: 'true' });
  });

  it('returns a second 401 as is, never looping', async () => {
    const { api } = setup(registered);
    const expired = findScenario('getCurrentUser', 'expired-token-refresh').entries[0];
    server.use(
      http.get(`${API}users/actions/get-current-user`, () => new HttpResponse(expired?.body, { status: 401 })),
      ...handlersFor({ 'token.refresh': 'success' }),
    );
    const seen = recordRequests();
    const err = await api.users.currentUser().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
    expect(seen.filter((s) => s.url.endsWith('get-current-user'))).toHaveLength(2);
  });
});

describe('retry once as guest', () => {
  it('retries users/otp/send_email after a guest login on any error', async () => {
    const { api, client } = setup({ token: 'old-guest', isGuest: 'true' });
    const set = createFixtureHandlers({ 'sendOtp': 'retry-after-guest-login' });
    server.use(...set.handlers);
    const sent = await api.users.sendSignupCode({ firstName: 'Rana', lastName: 'Haddad', countryCode: '961', phone: '71123456', email: 'rana.haddad@example.com' });
    expect(sent.userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(set.unused()).toEqual([]);
    expect(client.store.load().token).toBe(accessTokenOf('token.guest', 'success'));
  });

  it('keeps a registered customer logged in when the guest token serves the retry', async () => {
    const { api, client } = setup(registered);
    server.use(...handlersFor({ 'sendOtp': 'retry-after-guest-login' }));
    const seen = recordRequests();
    await api.users.sendSignupCode({ firstName: 'Rana', lastName: 'Haddad', countryCode: '961', phone: '71123456', email: 'rana.haddad@example.com' });
    expect(client.store.load()).toMatchObject({ token: 'stale-token', isGuest: 'false' });
    expect(seen.at(-1)?.auth).toBe(`Bearer ${accessTokenOf('token.guest', 'success')}`);
  });

  it('fails with the retry error when the retry fails too', async () => {
    const { api } = setup({ token: 't', isGuest: 'true' });
    server.use(...handlersFor([['sendOtp', 'server-error'], ['token.guest', 'success']]));
    const err = await api.users.sendSignupCode({ firstName: 'Rana', lastName: 'Haddad', countryCode: '961', phone: '71123456', email: 'rana.haddad@example.com' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const fixture = findScenario('sendOtp', 'server-error').entries[0];
    const detail = (JSON.parse(fixture?.body ?? '{}') as { detail: string }).detail;
    expect(detail).not.toBe('');
    expect(messageFor('otpSendSignup', toMessageError(err), support).text).toBe(detail);
  });
});

describe('errors', () => {
  it.each([
    { scenario: 'invalid-otp', want: 'Invalid OTP please try again' },
    { scenario: 'account-locked', want: 'Account is locked due to multiple failed attempts. Please try again later.' },
    { scenario: 'conflict', want: 'Conflict error, contact support!' },
    { scenario: 'invalid-captcha', want: 'Invalid Captcha' },
    { scenario: 'bad-request', want: 'Unexpected error' },
    { scenario: 'server-error', want: 'Invalid OTP' },
  ] as const)('reads the problem of otp verify $scenario', async ({ scenario, want }) => {
    const { api } = setup({ token: 't', isGuest: 'true' });
    server.use(...handlersFor({ 'verifyOtp': scenario }));
    const err = await api.users.verifyCode('e7ab0df2-2fee-5bdd-b616-73c43b51fdf9', '123456', 'dev-captcha').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(messageFor('otpVerify', toMessageError(err), support).text).toBe(want);
  });

  it("shows the server's detail for the recorded 404 of an unknown login e-mail (section 8: status not 400)", async () => {
    const { api } = setup({ token: 't', isGuest: 'true' });
    server.use(...handlersFor({ 'sendOtp': 'login-unknown-email', 'token.guest': 'success' }));
    const err = await api.users.sendLoginCode('nobody@example.com').catch((e: unknown) => e);
    expect(messageFor('otpSendLogin', toMessageError(err), support)).toEqual({ text: 'User not found', hints: [], link: '' });
  });

  it.each([
    { name: 'not JSON', body: '<html>', want: ApiError },
    { name: 'data not a list', body: '{"data":{"x":1}}', want: DecodeError },
    { name: 'bundle without id', body: '{"data":[{"name":"x"}]}', want: DecodeError },
    { name: 'null body', body: 'null', want: DecodeError },
  ])('refuses a malformed answer: $name', async ({ body, want }) => {
    const { api } = setup({ token: 't', isGuest: 'true' });
    server.use(http.get(`${API}catalog/bundles/special`, () => new HttpResponse(body, { status: 200 })));
    await expect(api.catalog.specialBundles()).rejects.toBeInstanceOf(want);
  });

  it('reports no answer as a network error', async () => {
    const { api } = setup({ token: 't', isGuest: 'true' });
    server.use(http.get(`${API}catalog/countries`, () => HttpResponse.error()));
    const err = await api.catalog.countries().catch((e: unknown) => e);
    expect(toMessageError(err)).toEqual({ kind: 'network' });
  });

  it.each([
    { name: 'bad e-mail', run: (a: ReturnType<typeof setup>['api']) => a.users.sendLoginCode('not-an-email'), field: 'email' },
    { name: 'non-numeric code', run: (a: ReturnType<typeof setup>['api']) => a.users.verifyCode('u', '12a', 'c'), field: 'otp' },
    { name: 'dot path parameter', run: (a: ReturnType<typeof setup>['api']) => a.catalog.areaBundles('..'), field: null },
    { name: 'empty topic', run: (a: ReturnType<typeof setup>['api']) => a.support.contactUs({ fullName: 'a', email: 'a@b.co', message: 'm', department: ' ' }), field: 'department' },
  ])('refuses bad input before any request: $name', async ({ run, field }) => {
    const { api } = setup({ token: 't', isGuest: 'true' });
    const seen = recordRequests();
    const err = await run(api).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    if (field) expect((err as ValidationError).field).toBe(field);
    expect(seen).toHaveLength(0);
  });
});

describe('flows', () => {
  it('checkout deletes an order that was not newly created and recreates it', async () => {
    const { api } = setup({ token: 't', refreshToken: 'r', isGuest: 'false' });
    const set = createFixtureHandlers([
      ['canPurchase', 'allowed'],
      ['createOrder', 'existing'],
      ['deleteOrder', 'success'],
      ['createOrder', 'newly-created'],
      ['addOrderDetails', 'success'],
    ]);
    server.use(...set.handlers);
    const seen = recordRequests();
    const res = await api.orders.checkout({ bundleId: BUNDLE, email: 'rana.haddad@example.com' });
    expect(set.unused()).toEqual([]);
    expect(seen.map((s) => `${s.method} ${new URL(s.url).pathname}`)).toEqual([
      'POST /esim-service/api/v1/esims/can-purchase',
      'POST /api/v1/orderfulfillment/orders',
      'DELETE /api/v1/orderfulfillment/orders/1c9eba5b-5a92-534e-ac15-4ae8525f1668',
      'POST /api/v1/orderfulfillment/orders',
      'POST /api/v1/accounts/00000000-0000-0000-0000-000000000000/3e2b37f2-e4b0-5ad0-a81a-aad25a1e3d1d/orderdetails',
    ]);
    const link = new URL(res.checkoutUrl);
    expect(link.protocol).toBe('https:');
    expect(link.searchParams.get('currency')).toBe('usd');
    expect(link.searchParams.get('quantity')).toBe('1');
  });

  it('checkout stops with the reason when the pre-check refuses', async () => {
    const { api } = setup({ token: 't', refreshToken: 'r', isGuest: 'false' });
    server.use(...handlersFor({ 'canPurchase': 'refused' }));
    const err = await api.orders.checkout({ bundleId: BUNDLE, email: 'rana.haddad@example.com' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PurchaseRefusedError);
    expect(messageFor('payment', toMessageError(err), support).text).not.toBe('');
    expect((err as PurchaseRefusedError).reason).not.toBe('');
  });

  it.each([
    { name: 'success', check: 'can-continue', selected: 'success', bundle: 'TR_5GB_30D', want: null },
    { name: 'cannot continue', check: 'cannot-continue', selected: 'success', bundle: 'TR_1GB_7D', want: 'Invalid plan, please try selecting another one.' },
    { name: 'selection refused', check: 'can-continue', selected: 'refused', bundle: 'TR_1GB_7D', want: 'Unexpected error, please contact support +961 1 555 010 or support@cedarsim.example.' },
  ] as const)('top-up selection: $name', async ({ check, selected, bundle, want }) => {
    const { api } = setup({ token: 't', refreshToken: 'r', isGuest: 'false' });
    server.use(...handlersFor({ 'checkEsim': check, 'topupBundleSelected': selected }));
    // The refused selection fixture is recorded for TR_1GB_7D; its check is can-continue here
    // (server.use puts this handler in front of the fixture handlers).
    if (selected === 'refused') {
      server.use(http.get('https://esimcheck.provider.test/api/v1/esims/check/TR_1GB_7D/:iccid', () => HttpResponse.json({ data: { data: { canContinue: true } } })));
    }
    const res = await api.topupSelect(ICCID, bundle, 0).catch((e: unknown) => e);
    if (want === null) {
      expect(res).toMatch(/^[0-9a-f-]{36}$/);
    } else {
      if (check === 'cannot-continue') expect(res).toBeInstanceOf(InvalidPlanError);
      expect(messageFor('topup', toMessageError(res), support).text).toBe(want);
    }
  });

  it('login verifies the code, exchanges it and stores a registered session', async () => {
    const { api, client } = setup({ token: 'g', isGuest: 'true' });
    server.use(...handlersFor({ 'verifyOtp': 'success', 'token.otp': 'success' }));
    await api.auth.login('e7ab0df2-2fee-5bdd-b616-73c43b51fdf9', '123456', 'dev-captcha');
    expect(client.store.load()).toMatchObject({ token: accessTokenOf('token.otp', 'success'), isGuest: 'false' });
    expect(window.localStorage.getItem('isGuest')).toBe('false');
  });

  it('reads eSIMs, their info and QR codes', async () => {
    const { api } = setup({ token: 't', refreshToken: 'r', isGuest: 'false' });
    server.use(...handlersFor({ 'listEsimsByEmail': 'success', 'getEsimInfo': 'success', 'getQrCode': 'success' }));
    const esims = await api.esims.byEmail('rana.haddad@example.com');
    expect(esims.length).toBeGreaterThan(0);
    expect(esims[0]?.iccid).toMatch(/^\d{19,20}$/);
    expect((await api.esims.info(ICCID)).length).toBeGreaterThan(0);
    expect(await api.esims.qrCode('89961010025062100039')).toMatch(/^iVBOR/);
  });

  it('pushes a log line without authenticating', async () => {
    const { api } = setup();
    server.use(...handlersFor({ 'pushLogs': 'success' }));
    const seen = recordRequests();
    await api.logs.push({ container: 'web', job: 'loki-test', level: 'info', message: 'hello', time: new Date(1_700_000_000_000) });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.auth).toBe('');
  });
});
