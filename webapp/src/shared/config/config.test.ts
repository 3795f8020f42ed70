import { describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig, parseConfig } from './config';

const valid = () => ({
  brand: 'CedarSIM',
  apiBase: '/api/v1/',
  supportBase: '/esim-service/api/v1/',
  esimCheckBase: '/esim-check/api/v1/',
  logPushUrl: '/loki/api/v1/push',
  logPushEnabled: false,
  supportPhone: '+961 1 555 010',
  supportEmail: 'support@cedarsim.example',
  liveChatUrl: '',
  captchaSiteKey: '',
  tagManagerId: '',
  flagBaseUrl: '',
  guest: { username: 'g@x', password: 'p', clientId: 'c', clientSecret: 's' },
  checkoutHosts: ['Pay.Example.com'],
  pageScripts: { '/actionresult': [{ path: '/scripts/x.js', target: 'body' }] },
  sandbox: true,
});

describe('parseConfig', () => {
  it('accepts the documented shape and normalises hosts', () => {
    const c = parseConfig(valid());
    expect(c.apiBase).toBe('/api/v1/');
    expect(c.checkoutHosts).toEqual(['pay.example.com']);
    expect(c.pageScripts['/actionresult']).toEqual([{ path: '/scripts/x.js', target: 'body' }]);
    expect(c.sandbox).toBe(true);
  });

  it('normalises the WhatsApp number to its digits, empty when absent', () => {
    expect(parseConfig({ ...valid(), whatsapp: '+961 71 555 010' }).whatsapp).toBe('96171555010');
    expect(parseConfig(valid()).whatsapp).toBe('');
  });

  it('fills optional fields with defaults', () => {
    const { brand: _b, liveChatUrl: _l, checkoutHosts: _h, pageScripts: _p, sandbox: _s, ...rest } = valid();
    const c = parseConfig(rest);
    expect(c).toMatchObject({ brand: 'CedarSIM', liveChatUrl: '', checkoutHosts: [], pageScripts: {}, sandbox: false });
  });

  it.each([
    { name: 'not an object', input: [], want: 'expected a JSON object' },
    { name: 'missing apiBase', patch: { apiBase: undefined }, want: '"apiBase" is required' },
    { name: 'base without slash', patch: { supportBase: '/esim-service/api/v1' }, want: '"supportBase" must end with "/"' },
    { name: 'phone not a string', patch: { supportPhone: 961 }, want: '"supportPhone" must be a string' },
    { name: 'empty e-mail', patch: { supportEmail: ' ' }, want: '"supportEmail" must not be empty' },
    { name: 'local WhatsApp number', patch: { whatsapp: '071 555 010' }, want: '"whatsapp" must be an international number' },
    { name: 'WhatsApp not a string', patch: { whatsapp: 96171555010 }, want: '"whatsapp" must be a string' },
    { name: 'guest missing', patch: { guest: null }, want: '"guest" must be an object' },
    { name: 'guest secret missing', patch: { guest: { username: 'a', password: 'b', clientId: 'c' } }, want: '"clientSecret" is required' },
    { name: 'boolean as text', patch: { sandbox: 'true' }, want: '"sandbox" must be true or false' },
    { name: 'hosts not a list', patch: { checkoutHosts: 'pay.example.com' }, want: '"checkoutHosts" must be a list' },
    { name: 'script on another origin', patch: { pageScripts: { '/': [{ path: 'https://evil.test/x.js', target: 'head' }] } }, want: 'must be a path on this origin' },
    { name: 'protocol-relative script', patch: { pageScripts: { '/': [{ path: '//evil.test/x.js', target: 'head' }] } }, want: 'must be a path on this origin' },
    { name: 'bad target', patch: { pageScripts: { '/': [{ path: '/x.js', target: 'footer' }] } }, want: 'must be "head" or "body"' },
  ])('rejects $name', ({ input, patch, want }) => {
    const raw = input ?? { ...valid(), ...patch };
    expect(() => parseConfig(raw)).toThrow(ConfigError);
    expect(() => parseConfig(raw)).toThrow(want);
  });
});

describe('loadConfig', () => {
  it.each([
    { name: 'ok', res: () => Response.json(valid()), want: null },
    { name: 'HTTP error', res: () => new Response('nope', { status: 404 }), want: 'HTTP 404' },
    { name: 'not JSON', res: () => new Response('<html>', { status: 200 }), want: 'not JSON' },
    { name: 'network failure', res: () => Promise.reject(new TypeError('Failed to fetch')), want: 'Failed to fetch' },
  ])('$name', async ({ res, want }) => {
    const fetchFn = vi.fn(async () => res());
    const p = loadConfig(fetchFn as unknown as typeof fetch);
    if (want === null) {
      await expect(p).resolves.toMatchObject({ supportPhone: '+961 1 555 010' });
      expect(fetchFn).toHaveBeenCalledWith('/config.json', expect.anything());
    } else {
      await expect(p).rejects.toThrow(want);
    }
  });
});
