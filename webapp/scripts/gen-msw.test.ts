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

function write(rel: string, call: string, scenario: string, service: string, url: string, text: string) {
  const p = path.join(recording, rel);
  mkdirSync(path.dirname(p), { recursive: true });
  const entry = {
    _call: call,
    _service: service,
    request: { method: 'GET', url, httpVersion: 'HTTP/1.1', headers: [], queryString: [] },
    response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', headers: [], content: { mimeType: 'application/json', text } },
  };
  writeFileSync(p, JSON.stringify({ log: { version: '1.2', creator: { name: 'esim record', version: '1' }, _call: call, _scenario: scenario, entries: [entry] } }));
}

write('api/catalog.countries/success.har.json', 'catalog.countries', 'success', 'api', 'https://api.provider.test/api/v1/catalog/countries', '{"data":[{"name":"Recorded","isoCode":"RC"}]}');
write('api/listRegions/readme.har.json', 'listRegions', 'readme', 'api', 'https://api.provider.test/api/v1/catalog/regions', '{"data":[]}');
write('checkout/checkout/success.har.json', 'checkout', 'success', 'checkout', 'https://shop.provider.test/sandbox/checkout/o-1', '<html></html>');

describe('gen-msw', () => {
  it('src/mocks/fixtures.generated.ts is up to date with fixtures/ (run: npm run gen:msw)', () => {
    expect(readFileSync(OUTPUT, 'utf8') === generate(), 'generated MSW fixtures are stale: run `npm run gen:msw`').toBe(true);
  });

  it('--from lays a recording over the fixtures: same call and scenario replaced, new ones added, checkout pages left out', () => {
    const text = generate(FIXTURES_DIR, { dir: recording });
    expect(text).toContain(`with the recording ${recording} laid over it`);
    expect(text).toContain('"file": "recording:api/catalog.countries/success.har.json"');
    expect(text).not.toContain('"file": "api/catalog.countries/success.har.json"');
    expect(text).toContain('\\"Recorded\\"');
    expect(text).toContain("'listRegions': 'readme';");
    expect(text).not.toContain('sandbox/checkout');
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
