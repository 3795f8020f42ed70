import { describe, expect, it } from 'vitest';
import { startMockServer } from '@/test/msw';
import { createFixtureHandlers, findScenario, handlersFor } from './handlers';
import { fixtureScenarios } from './fixtures.generated';

const server = startMockServer();
const API = 'https://api.provider.test/api/v1/';

const tokenForm = (grant: string) =>
  fetch(`${API}connect/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: grant, refresh_token: 'x' }),
  });

describe('fixture handlers', () => {
  it('answers a fixture with its recorded status, headers and body', async () => {
    server.use(...handlersFor({ 'catalog.countries': 'success' }));
    const res = await fetch(`${API}catalog/countries`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const want = findScenario('catalog.countries', 'success').entries[0]?.body ?? '';
    expect(await res.text()).toBe(want);
  });

  it('answers entries with the same key in file order, and the last keeps answering', async () => {
    server.use(...handlersFor({ 'users.currentUser': 'expired-token-refresh' }));
    const url = `${API}users/actions/get-current-user`;
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(url)).status);
    expect(statuses).toEqual([401, 200, 200]);
  });

  it('tells token grants apart by grant_type', async () => {
    server.use(...handlersFor([['identity.token.refresh', 'rejected'], ['identity.token.guest', 'success']]));
    expect((await tokenForm('refresh_token')).status).toBe(400);
    expect((await tokenForm('password')).status).toBe(200);
    expect((await tokenForm('client_credentials')).status).toBe(501);
  });

  it.each([
    { name: 'same multiset in another order', query: '?provider=0&iccid=89961010025061000016', want: 200 },
    { name: 'missing pair', query: '?iccid=89961010025061000016', want: 501 },
    { name: 'extra pair', query: '?iccid=89961010025061000016&provider=0&x=1', want: 501 },
  ])('matches the query as a multiset: $name', async ({ query, want }) => {
    server.use(...handlersFor({ 'catalog.topupBundles': 'success' }));
    expect((await fetch(`${API}catalog/bundles/TR${query}`)).status).toBe(want);
  });

  it('matches the percent-decoded path', async () => {
    server.use(...handlersFor({ 'users.otpSend': 'login' }));
    const res = await fetch(`${API}users/otp/send_email/rana.haddad%40example.com/true`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(200);
  });

  it('answers a 501 problem naming the key of an unmatched request under a base', async () => {
    server.use(...handlersFor({ 'catalog.countries': 'success' }));
    const res = await fetch(`${API}catalog/regions`);
    expect(res.status).toBe(501);
    expect(await res.json()).toMatchObject({ detail: 'no fixture entry answers api GET catalog/regions' });
  });

  it('serves same-origin bases from the runtime configuration', async () => {
    const bases = { api: '/api/v1/', support: '/esim-service/api/v1/', esimcheck: '/esim-check/api/v1/', logs: '/loki/api/v1/push' };
    server.use(...handlersFor({ 'esimcheck.check': 'can-continue', 'logs.push': 'success' }, { bases }));
    const origin = window.location.origin;
    const check = await fetch(`${origin}/esim-check/api/v1/esims/check/TR_5GB_30D/89961010025061000016`);
    expect(await check.json()).toEqual({ data: { data: { canContinue: true } } });
    const push = await fetch(`${origin}/loki/api/v1/push`, { method: 'POST', body: '{}' });
    expect(push.status).toBe(204);
  });

  it('reports entries never answered', async () => {
    const set = createFixtureHandlers({ 'users.currentUser': 'expired-token-refresh' });
    server.use(...set.handlers);
    await fetch(`${API}users/actions/get-current-user`);
    expect(set.unused()).toEqual(['users.currentUser/expired-token-refresh#1', 'users.currentUser/expired-token-refresh#2']);
  });

  it('throws naming an unknown scenario', () => {
    expect(() => findScenario('catalog.countries', 'nope')).toThrow('no fixture catalog.countries/nope');
  });

  it('holds every HAR file of fixtures/', () => {
    const files = import.meta.glob('../../../fixtures/**/*.har.json');
    expect(fixtureScenarios.map((s) => `../../../fixtures/${s.file}`).sort()).toEqual(Object.keys(files).sort());
  });
});
