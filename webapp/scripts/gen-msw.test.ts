// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR, generate, OUTPUT, parseArgs } from './gen-msw';

// A recording as esim record writes it: one call the fixtures have (same call and
// scenario: it replaces theirs), one they lack, and the hosted checkout page.
const recording = mkdtempSync(path.join(tmpdir(), 'gen-msw-'));
afterAll(() => rmSync(recording, { recursive: true, force: true }));

function write(rel: string, call: string, scenario: string, service: string, url: string, text: string, root = recording, status = 200) {
  const p = path.join(root, rel);
  mkdirSync(path.dirname(p), { recursive: true });
  const entry = {
    _call: call,
    _service: service,
    request: { method: 'GET', url, httpVersion: 'HTTP/1.1', headers: [], queryString: [] },
    response: { status, statusText: '', httpVersion: 'HTTP/1.1', headers: [], content: { mimeType: 'application/json', text } },
  };
  writeFileSync(p, JSON.stringify({ log: { version: '1.2', creator: { name: 'esim record', version: '1' }, _call: call, _scenario: scenario, entries: [entry] } }));
}

write('api/listCountries/success.har.json', 'listCountries', 'success', 'api', 'https://api.provider.test/api/v1/catalog/countries', '{"data":[{"name":"Recorded","isoCode":"RC"}]}');
write('api/listRegions/readme.har.json', 'listRegions', 'readme', 'api', 'https://api.provider.test/api/v1/catalog/regions', '{"data":[]}');
write('checkout/checkout/success.har.json', 'checkout', 'success', 'checkout', 'https://shop.provider.test/sandbox/checkout/o-1', '<html></html>');

describe('gen-msw', () => {
  it('src/mocks/fixtures.generated.ts is up to date with fixtures/ (run: npm run gen:msw)', () => {
    expect(readFileSync(OUTPUT, 'utf8') === generate(), 'generated MSW fixtures are stale: run `npm run gen:msw`').toBe(true);
  });

  it('--from lays a recording over the fixtures: the same request answered as recorded, new scenarios added, checkout pages left out', () => {
    const text = generate(FIXTURES_DIR, { dir: recording });
    expect(text).toContain(`with the recording ${recording} laid over it`);
    expect(text).toContain('"file": "api/listCountries/success.har.json"');
    expect(text).not.toContain('"file": "recording:api/listCountries/success.har.json"');
    expect(text).toContain('\\"Recorded\\"');
    expect(text).toContain("'listRegions': 'success' | 'readme';"); // a new scenario beside the fixtures' own
    expect(text).not.toContain('sandbox/checkout');
  });

  it('--from answers what the stories select, whatever the recording calls it and whichever account made it', () => {
    // Fixtures named as the stories select them; a recording named by operation and
    // derived scenario, made with another account.
    const fixtures = mkdtempSync(path.join(tmpdir(), 'gen-msw-fixtures-'));
    const rec = mkdtempSync(path.join(tmpdir(), 'gen-msw-rec-'));
    try {
      const api = 'https://api.provider.test/api/v1/';
      const support = 'https://support.provider.test/esim-service/api/v1/';
      write('api/searchBundles/turkey.har.json', 'searchBundles', 'turkey', 'api', `${api}catalog/search_bundles/TR`, '{"data":["fixture TR"]}', fixtures);
      write('support/listEsimsByEmail/success.har.json', 'listEsimsByEmail', 'success', 'support', `${support}esims/useremails/rana.haddad@example.com`, '{"data":["fixture eSIM"]}', fixtures);
      write('support/listEsimsByEmail/forbidden-guest.har.json', 'listEsimsByEmail', 'forbidden-guest', 'support', `${support}esims/useremails/rana.haddad@example.com`, '{"title":"Forbidden"}', fixtures, 403);
      write('api/listAreaBundles.topup/success.har.json', 'listAreaBundles.topup', 'success', 'api', `${api}catalog/bundles/TR?iccid=1`, '{"data":["fixture top-up"]}', fixtures);
      write('api/searchBundles/success.har.json', 'searchBundles', 'success', 'api', `${api}catalog/search_bundles/TR`, '{"data":["recorded TR"]}', rec);
      write('support/listEsimsByEmail/success.har.json', 'listEsimsByEmail', 'success', 'support', `${support}esims/useremails/qa@example.com`, '{"data":["recorded eSIM"]}', rec);
      write('api/listAreaBundles/success.har.json', 'listAreaBundles', 'success', 'api', `${api}catalog/bundles/TR?iccid=2`, '{"data":["recorded top-up"]}', rec);
      const text = generate(fixtures, { dir: rec });
      const list = JSON.parse(text.slice(text.indexOf('= [') + 2, text.lastIndexOf(';'))) as {
        call: string;
        scenario: string;
        entries: { path: string; status: number; body: string }[];
      }[];
      const answer = (call: string, scenario: string) => list.find((s) => s.call === call && s.scenario === scenario)?.entries[0];
      // The same request, another scenario name: the recorded answer.
      expect(answer('searchBundles', 'turkey')).toMatchObject({ path: 'catalog/search_bundles/TR', body: '{"data":["recorded TR"]}' });
      // The same call and scenario, another account: the recorded answer to the request the stories send.
      expect(answer('listEsimsByEmail', 'success')).toMatchObject({ path: 'esims/useremails/rana.haddad@example.com', body: '{"data":["recorded eSIM"]}' });
      // The same operation and outcome (the fixtures' variant of listAreaBundles).
      expect(answer('listAreaBundles.topup', 'success')?.body).toBe('{"data":["recorded top-up"]}');
      // An outcome the recording lacks keeps the fixture's answer.
      expect(answer('listEsimsByEmail', 'forbidden-guest')).toMatchObject({ status: 403, body: '{"title":"Forbidden"}' });
      // The recording's own names are added when the fixtures lack them, once.
      expect(list.filter((s) => s.call === 'listEsimsByEmail' && s.scenario === 'success')).toHaveLength(1);
      expect(answer('searchBundles', 'success')?.body).toBe('{"data":["recorded TR"]}');
    } finally {
      rmSync(fixtures, { recursive: true, force: true });
      rmSync(rec, { recursive: true, force: true });
    }
  });

  it('--scenario-as renames the recording\'s scenarios', () => {
    expect(generate(FIXTURES_DIR, { dir: recording, scenarioAs: 'success' })).toContain("'listRegions': 'success';");
  });

  it.each([
    [[], undefined],
    [['--from', 'rec'], { dir: path.resolve('rec'), scenarioAs: undefined }],
    [['--from', 'rec', '--scenario-as', 'success'], { dir: path.resolve('rec'), scenarioAs: 'success' }],
  ])('reads %j', (argv, want) => {
    expect(parseArgs(argv)).toEqual(want);
  });

  it.each([[['--from']], [['--scenario-as', 'x']], [['--nope']]])('refuses %j', (argv) => {
    expect(() => parseArgs(argv)).toThrow();
  });
});
