import { describe, expect, it } from 'vitest';
import { contract } from '@/shared/contract/contract';
import { startMockServer } from '@/test/msw';
import { callOf, createFixtureHandlers, findScenario, handlersFor, handlersForSelection, problemFor } from './handlers';
import { FIXTURE_BASES } from './har';
import { fixtureScenarios } from './fixtures.generated';

const server = startMockServer();
const API = 'https://api.provider.test/api/v1/';

// The forms the shop sends: the key has their fields but the secrets (docs/qa.md), so any
// placeholder stands in for them.
const NOT_IN_KEY = 'placeholder-not-part-of-the-key';
const tokenForm = (grant: string) =>
  fetch(`${API}connect/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(
      grant === 'password'
        ? { grant_type: grant, username: contract.sandbox.guestUsername, password: NOT_IN_KEY, scope: contract.scope.guest }
        : { client_id: contract.sandbox.clientId, client_secret: NOT_IN_KEY, grant_type: grant, refresh_token: NOT_IN_KEY },
    ),
  });

describe('fixture handlers', () => {
  it('answers a fixture with its recorded status, headers and body', async () => {
    server.use(...handlersFor({ 'listCountries': 'success' }));
    const res = await fetch(`${API}catalog/countries`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const want = findScenario('listCountries', 'success').entries[0]?.body ?? '';
    expect(await res.text()).toBe(want);
  });

  it('answers entries with the same key in file order, and the last keeps answering', async () => {
    server.use(...handlersFor({ 'getCurrentUser': 'expired-token-refresh' }));
    const url = `${API}users/actions/get-current-user`;
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(url)).status);
    expect(statuses).toEqual([401, 200, 200]);
  });

  it('tells token grants apart by grant_type', async () => {
    server.use(...handlersFor([['token.refresh', 'rejected'], ['token.guest', 'success']]));
    expect((await tokenForm('refresh_token')).status).toBe(400);
    expect((await tokenForm('password')).status).toBe(200);
    expect((await tokenForm('client_credentials')).status).toBe(501);
  });

  it.each([
    { name: 'same multiset in another order', query: '?provider=0&iccid=89961010025061000016', want: 200 },
    { name: 'missing pair', query: '?iccid=89961010025061000016', want: 501 },
    { name: 'extra pair', query: '?iccid=89961010025061000016&provider=0&x=1', want: 501 },
  ])('matches the query as a multiset: $name', async ({ query, want }) => {
    server.use(...handlersFor({ 'listAreaBundles.topup': 'success' }));
    expect((await fetch(`${API}catalog/bundles/TR${query}`)).status).toBe(want);
  });

  it('matches the percent-decoded path', async () => {
    server.use(...handlersFor({ 'sendOtp': 'login' }));
    const res = await fetch(`${API}users/otp/send_email/rana.haddad%40example.com/true`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'rana.haddad@example.com' }),
    });
    expect(res.status).toBe(200);
  });

  it('matches the body without its secret and volatile fields, in any key order', async () => {
    server.use(...handlersFor({ 'verifyOtp': 'success' }));
    const entry = findScenario('verifyOtp', 'success').entries[0];
    const userId = entry?.path.split('/').pop() ?? '';
    const verify = (body: object) =>
      fetch(`${API}users/otp/email/${userId}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    // Another code, captcha token and idempotency id: the same key.
    expect((await verify({ userId, captchaToken: 'other', otp: '000000', username: '', idempotencyId: 'x' })).status).toBe(200);
    // Another user id in the body: another key.
    const res = await verify({ idempotencyId: 'x', otp: '1', username: '', userId: 'someone-else', captchaToken: 'c' });
    expect(res.status).toBe(501);
    expect(await res.text()).toContain('someone-else');
  });

  it('answers a 501 problem naming the key of an unmatched request under a base', async () => {
    server.use(...handlersFor({ 'listCountries': 'success' }));
    const res = await fetch(`${API}catalog/regions`);
    expect(res.status).toBe(501);
    expect(await res.json()).toMatchObject({ detail: 'no fixture entry answers api GET catalog/regions' });
  });

  it('serves same-origin bases from the runtime configuration', async () => {
    const bases = { api: '/api/v1/', support: '/esim-service/api/v1/', esimcheck: '/esim-check/api/v1/', logs: '/loki/api/v1/push' };
    server.use(...handlersFor({ 'checkEsim': 'can-continue', 'pushLogs': 'success' }, { bases }));
    const origin = window.location.origin;
    const check = await fetch(`${origin}/esim-check/api/v1/esims/check/TR_5GB_30D/89961010025061000016`);
    expect(await check.json()).toEqual({ data: { data: { canContinue: true } } });
    const push = await fetch(`${origin}/loki/api/v1/push`, { method: 'POST', body: '{}' });
    expect(push.status).toBe(204);
  });

  it('reports entries never answered', async () => {
    const set = createFixtureHandlers({ 'getCurrentUser': 'expired-token-refresh' });
    server.use(...set.handlers);
    await fetch(`${API}users/actions/get-current-user`);
    expect(set.unused()).toEqual(['getCurrentUser/expired-token-refresh#1', 'getCurrentUser/expired-token-refresh#2']);
  });

  it('throws naming an unknown scenario', () => {
    expect(() => findScenario('listCountries', 'nope')).toThrow('no fixture listCountries/nope');
  });

  it('holds every HAR file of fixtures/', () => {
    const files = import.meta.glob('../../../fixtures/**/*.har.json');
    expect(fixtureScenarios.map((s) => `../../../fixtures/${s.file}`).sort()).toEqual(Object.keys(files).sort());
  });
});

describe('call rules and problems', () => {
  const call = (method: string, url: string, body = '') => callOf(FIXTURE_BASES, method, new URL(url), body);

  it('names a request by its call, whatever its path parameters', () => {
    expect(call('GET', `${API}catalog/bundles/LB`)).toBe('listAreaBundles');
    expect(call('GET', `${API}catalog/bundles/special`)).toBe('listSpecialBundles');
    expect(call('GET', `${API}catalog/bundles/global`)).toBe('listAreaBundles.global');
    expect(call('GET', `${API}catalog/bundles/LB?iccid=1&provider=0`)).toBe('listAreaBundles.topup');
    expect(call('GET', `${API}catalog/search_bundles/FR`)).toBe('searchBundles');
    expect(call('GET', 'https://support.provider.test/esim-service/api/v1/esims/123/QrCode')).toBe('getQrCode');
    expect(call('GET', 'https://support.provider.test/esim-service/api/v1/esims/123/info')).toBe('getEsimInfo');
    expect(call('GET', 'https://support.provider.test/esim-service/api/v1/esims/useremails/a@b.c')).toBe('listEsimsByEmail');
    expect(call('POST', `${API}connect/token`, 'grant_type=refresh_token')).toBe('token.refresh');
    expect(call('GET', `${API}nowhere/at/all`)).toBeNull();
    expect(call('GET', 'https://elsewhere.test/catalog/countries')).toBeNull();
  });

  it('answers a call with a problem+json error of the status', async () => {
    server.use(problemFor('listAreaBundles', 503));
    const res = await fetch(`${API}catalog/bundles/FR`);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toEqual({
      type: 'https://www.rfc-editor.org/rfc/rfc9110#status.503',
      title: 'Service Unavailable',
      status: 503,
      detail: 'Service Unavailable: listAreaBundles failed on the server.',
    });
  });

  it('adds Retry-After to a 429', async () => {
    server.use(problemFor('listCountries', 429, { retryAfter: 7 }));
    const res = await fetch(`${API}catalog/countries`);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
  });

  it('turns a selection into problems, pending calls and recorded scenarios', async () => {
    const { handlers } = handlersForSelection({ 'listCountries': 'success', 'listRegions': 500, 'getBundle': null });
    server.use(...handlers);
    expect((await fetch(`${API}catalog/countries`)).status).toBe(200);
    expect((await fetch(`${API}catalog/regions`)).status).toBe(500);
    expect((await fetch(`${API}catalog/bundle/x`)).status).toBe(501);
  });
});
