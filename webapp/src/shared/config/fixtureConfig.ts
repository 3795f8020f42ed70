import type { RuntimeConfig } from './config';

/**
 * The configuration tests and stories run with: the fixture hosts of docs/contract.md, so
 * the generated MSW handlers answer. The guest values are placeholders (the handlers do
 * not match bodies or headers); the real ones come from /config.json at run time.
 */
export function fixtureConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return {
    brand: 'CedarSIM',
    apiBase: 'https://api.provider.test/api/v1/',
    supportBase: 'https://support.provider.test/esim-service/api/v1/',
    esimCheckBase: 'https://esimcheck.provider.test/api/v1/',
    logPushUrl: 'https://logs.provider.test/loki/api/v1/push',
    logPushEnabled: false,
    supportPhone: '+961 1 555 010',
    supportEmail: 'support@cedarsim.example',
    liveChatUrl: '',
    captchaSiteKey: '',
    tagManagerId: '',
    flagBaseUrl: '',
    guest: { username: 'guest@fixture.test', password: 'placeholder', clientId: 'fixture-client', clientSecret: 'placeholder' },
    checkoutHosts: ['pay.example.com'],
    pageScripts: {},
    sandbox: false,
    ...overrides,
  };
}
