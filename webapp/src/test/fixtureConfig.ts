import { contract } from '@/shared/contract/contract';
import type { RuntimeConfig } from '@/shared/config/config';

/**
 * The configuration tests and stories run with: the fixture hosts of contract/constants.json, so
 * the generated MSW handlers answer. The guest account and client id are the ones the
 * fixtures were recorded with (the key holds the request body, without its secrets: the
 * passwords here are placeholders); the real ones come from /config.json at run time.
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
    guest: { username: contract.sandbox.guestUsername, password: 'placeholder', clientId: contract.sandbox.clientId, clientSecret: 'placeholder' },
    checkoutHosts: ['pay.example.com'],
    pageScripts: {},
    sandbox: false,
    ...overrides,
  };
}
