// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { route, routedOperations } from './operations';

describe('operations (contract/operations.json)', () => {
  it('routes exactly the operations of contract/openapi.yaml', () => {
    const doc = readFileSync(path.resolve(__dirname, '../../../../contract/openapi.yaml'), 'utf8');
    const ids = [...doc.matchAll(/^\s+operationId:\s*(\S+)\s*$/gm)].map((m) => m[1]);
    expect(routedOperations().sort()).toEqual(ids.sort());
  });

  it.each([
    ['searchBundles', { method: 'GET', path: 'catalog/search_bundles/{isoCodes}', service: 'api' }],
    ['token', { method: 'POST', path: 'connect/token', service: 'api' }],
    ['contactUs', { method: 'POST', path: 'support/contact-us', service: 'support' }],
    ['checkEsim', { method: 'GET', path: 'esims/check/{bundleName}/{iccId}', service: 'esimcheck' }],
    ['pushLogs', { method: 'POST', path: '', service: 'logs' }],
  ] as const)('%s', (op, want) => {
    expect(route(op)).toEqual(want);
  });
});
