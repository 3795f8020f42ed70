import { contract } from '@/shared/contract/contract';
import type { RuntimeConfig } from '@/shared/config/config';

/**
 * The configuration tests and stories run with: the fixture hosts of contract/constants.json, so
 * the generated MSW handlers answer. The guest values are placeholders (the handlers do
 * not match bodies or headers); the real ones come from /config.json at run time.
 */
export function fixtureConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return {
    brand: 'CedarSIM',
    apiBase: contract.fixture.apiBase,
    supportBase: contract.fixture.supportBase,
    esimCheckBase: contract.fixture.esimCheckBase,
    logPushUrl: contract.fixture.logPushUrl,
    logPushEnabled: false,
    supportPhone: contract.default.supportPhone,
    supportEmail: contract.default.supportEmail,
    liveChatUrl: '',
    whatsapp: contract.fixture.whatsapp,
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
