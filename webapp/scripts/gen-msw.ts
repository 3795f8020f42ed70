// Generates src/mocks/fixtures.generated.ts from the HAR fixtures (fixtures/**/*.har.json).
// The MSW handlers are built from it at run time (src/mocks/handlers.ts); nothing about a
// fixture is written by hand. Run: npm run gen:msw. A unit test fails when it is stale.
//
// `npm run gen:msw -- --from DIR [--scenario-as NAME]` lays a recording (a folder `esim
// record` wrote, docs/qa.md) over the committed fixtures: every committed exchange keeps
// its request (what the stories send) and takes the recorded answer to the same request,
// else of the same call and scenario at the same place, else of the same operation with
// the same outcome (2xx, 4xx...). So every story renders the recorded answers under the
// names it selects, though a recording names its files by operation and derived scenario
// (searchBundles/success where the fixtures say searchBundles/turkey) and was made with
// another account. The recording's scenarios the fixtures lack are added. --scenario-as
// renames the recording's scenarios when it was recorded with --scenario. `npm run
// gen:msw` puts the committed set back; until then the freshness test fails, so a
// recording is never committed by accident.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIXTURE_BASES, keyOf, keyString } from '../src/mocks/har.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const FIXTURES_DIR = path.resolve(here, '../../fixtures');
export const OUTPUT = path.resolve(here, '../src/mocks/fixtures.generated.ts');

type HarHeader = { name: string; value: string };
type HarEntry = {
  _call: string;
  _service: string;
  request: { method: string; url: string; headers?: HarHeader[]; postData?: { mimeType?: string; text?: string } };
  response: { status: number; statusText?: string; headers?: HarHeader[]; content?: { mimeType?: string; text?: string; encoding?: string } };
};
type HarFile = { log: { _call: string; _scenario: string; entries: HarEntry[] } };

/** A recording laid over the committed fixtures. */
export type Overlay = { dir: string; scenarioAs?: string };

function harFiles(dir: string): string[] {
  const out: string[] = [];
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) out.push(...harFiles(p));
    else if (d.name.endsWith('.har.json')) out.push(p);
  }
  return out;
}

function scenariosOf(dir: string, label: string, scenarioAs?: string) {
  const files = harFiles(dir)
    .map((p) => path.relative(dir, p).split(path.sep).join('/'))
    .sort();
  return files.flatMap((rel) => {
    const where = `${label}${rel}`;
    let har: HarFile;
    try {
      har = JSON.parse(readFileSync(path.join(dir, rel), 'utf8')) as HarFile;
    } catch (err) {
      throw new Error(`${where}: ${(err as Error).message}`, { cause: err });
    }
    if (!har.log?._call || !har.log._scenario || !Array.isArray(har.log.entries)) {
      throw new Error(`${where}: not a HAR file of the fixtures layout (log._call, log._scenario, log.entries)`);
    }
    // The hosted checkout page is the provider's, not the shop's: no story renders it.
    const entries = har.log.entries
      .filter((e) => e._service !== 'checkout')
      .map((e, i) => {
        const contentType =
          e.request.postData?.mimeType || (e.request.headers ?? []).find((h) => h.name.toLowerCase() === 'content-type')?.value || '';
        const key = keyOf(FIXTURE_BASES, e.request.method, new URL(e.request.url), e.request.postData?.text ?? '', contentType);
        if (!key) throw new Error(`${where} entry ${i}: ${e.request.url} is under none of the fixture bases`);
        if (key.service !== e._service) throw new Error(`${where} entry ${i}: url is on ${key.service}, _service is ${e._service}`);
        if (e.response.content?.encoding) throw new Error(`${where} entry ${i}: encoded bodies are not supported`);
        const headers = (e.response.headers ?? []).filter((h) => h.name.toLowerCase() !== 'content-length');
        // The request body's part of the key is in `key`; `body` is the answer's.
        const { body: _bodyKey, ...keyFields } = key;
        return {
          call: e._call,
          key: keyString(key),
          ...keyFields,
          status: e.response.status,
          statusText: e.response.statusText ?? '',
          headers: headers.map((h) => [h.name, h.value] as [string, string]),
          body: e.response.content?.text ?? '',
        };
      });
    if (entries.length === 0) return [];
    return [{ file: where, call: har.log._call, scenario: scenarioAs ?? har.log._scenario, entries }];
  });
}

type Scenario = ReturnType<typeof scenariosOf>[number];
type Entry = Scenario['entries'][number];

/** The operation of a call: the recorder names calls by operationId; the fixtures add a variant (listAreaBundles.topup). */
const operationOf = (call: string) => call.split('.')[0] ?? call;

const outcome = (status: number) => Math.floor(status / 100);

/**
 * overlayAnswers gives every committed exchange the recorded answer that stands for it:
 * to the same request (match key), the same outcome first; else the entry at the same
 * place of the same call and scenario; else of the same operation, service and method
 * with the same outcome. The n-th exchange of a scenario with one key (or operation) takes
 * the n-th such recorded answer, the last repeating, as replay answers repeated requests.
 * The committed request stays: it is what the stories send.
 */
export function overlayAnswers(committed: Scenario[], recorded: Scenario[]): Scenario[] {
  const all = recorded.flatMap((s) => s.entries);
  const byName = new Map(recorded.map((s) => [`${s.call}/${s.scenario}`, s]));
  const nth = <T,>(pool: T[], n: number) => pool[Math.min(n, pool.length - 1)];
  return committed.map((s) => {
    const seenKey = new Map<string, number>();
    const seenOp = new Map<string, number>();
    const entries = s.entries.map((e, i) => {
      const op = operationOf(e.call);
      const k = seenKey.get(e.key) ?? 0;
      seenKey.set(e.key, k + 1);
      const o = seenOp.get(op) ?? 0;
      seenOp.set(op, o + 1);
      const sameKey = all.filter((r) => r.key === e.key);
      const sameOutcome = sameKey.filter((r) => outcome(r.status) === outcome(e.status));
      const atPlace = byName.get(`${s.call}/${s.scenario}`)?.entries[i];
      const answer: Entry | undefined =
        (sameOutcome.length > 0 ? nth(sameOutcome, k) : undefined) ??
        (sameKey.length > 0 ? nth(sameKey, k) : undefined) ??
        (atPlace && operationOf(atPlace.call) === op ? atPlace : undefined) ??
        nth(
          all.filter((r) => operationOf(r.call) === op && r.service === e.service && r.method === e.method && outcome(r.status) === outcome(e.status)),
          o,
        );
      return answer ? { ...e, status: answer.status, statusText: answer.statusText, headers: answer.headers, body: answer.body } : e;
    });
    return { ...s, entries };
  });
}

/** generate returns the text of the generated module for the fixtures under dir. */
export function generate(dir: string = FIXTURES_DIR, overlay?: Overlay): string {
  let scenarios = scenariosOf(dir, '');
  if (overlay) {
    const recorded = scenariosOf(overlay.dir, 'recording:', overlay.scenarioAs);
    const names = new Set(scenarios.map((s) => `${s.call}/${s.scenario}`));
    scenarios = [...overlayAnswers(scenarios, recorded), ...recorded.filter((s) => !names.has(`${s.call}/${s.scenario}`))];
  }
  const calls = new Map<string, string[]>();
  for (const s of scenarios) {
    const names = calls.get(s.call) ?? [];
    if (!names.includes(s.scenario)) calls.set(s.call, [...names, s.scenario]);
  }
  const scenarioMap = [...calls.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([call, names]) => `  '${call}': ${names.map((n) => `'${n}'`).join(' | ')};`)
    .join('\n');
  const source = overlay
    ? `fixtures/**/*.har.json with the recording ${overlay.dir} laid over it (npm run gen:msw restores the committed set)`
    : 'fixtures/**/*.har.json';
  return `// Code generated by scripts/gen-msw.ts from ${source}. DO NOT EDIT.
import type { FixtureScenario } from './types';

/** Every call and its scenarios, as recorded in the fixtures. */
export type ScenarioMap = {
${scenarioMap}
};

export const fixtureScenarios: readonly FixtureScenario[] = ${JSON.stringify(scenarios, null, 2)};
`;
}

/** parseArgs reads --from DIR and --scenario-as NAME. */
export function parseArgs(argv: readonly string[]): Overlay | undefined {
  let from: string | undefined;
  let scenarioAs: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (!v || v.startsWith('--')) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--from') from = path.resolve(value());
    else if (a === '--scenario-as') scenarioAs = value();
    else throw new Error(`unknown argument ${a}: use --from DIR [--scenario-as NAME]`);
  }
  if (scenarioAs && !from) throw new Error('--scenario-as needs --from DIR');
  return from ? { dir: from, scenarioAs } : undefined;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const overlay = parseArgs(process.argv.slice(2));
  writeFileSync(OUTPUT, generate(FIXTURES_DIR, overlay));
  console.log(`wrote ${path.relative(process.cwd(), OUTPUT)}${overlay ? ` with the recording ${overlay.dir}` : ''}`);
}
