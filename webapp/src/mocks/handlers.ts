import { http, HttpResponse, type HttpHandler } from 'msw';
import { fixtureScenarios, type ScenarioMap } from './fixtures.generated';
import { contract, problemType } from '@/shared/contract/contract';
import { FIXTURE_BASES, isTokenRequest, keyOf, keyString, type Bases } from './har';
import type { FixtureEntry, FixtureScenario } from './types';

export type FixtureCall = keyof ScenarioMap;

/** A call's scenario, e.g. { 'catalog.countries': 'success' }. */
export type Selection = { [C in FixtureCall]?: ScenarioMap[C] };

/** The same, as pairs, when one call needs several scenarios or an explicit order. */
export type SelectionPair = { [C in FixtureCall]: readonly [C, ScenarioMap[C]] }[FixtureCall];

export type FixtureOptions = {
  /** Where the app sends requests; the fixture hosts unless the config says otherwise. */
  bases?: Bases;
};

/** findScenario returns the generated fixture of call/scenario, or throws naming it. */
export function findScenario(call: string, scenario: string): FixtureScenario {
  const s = fixtureScenarios.find((f) => f.call === call && f.scenario === scenario);
  if (!s) throw new Error(`no fixture ${call}/${scenario}`);
  return s;
}

function pairsOf(selection: Selection | readonly SelectionPair[]): [string, string][] {
  if (Array.isArray(selection)) return selection.map(([c, s]) => [c, s]);
  return Object.entries(selection).filter((p): p is [string, string] => typeof p[1] === 'string');
}

export type FixtureHandlers = {
  handlers: HttpHandler[];
  /** Entries never answered, as "call/scenario#index", for tests that want every answer used. */
  unused(): string[];
};

/**
 * createFixtureHandlers answers requests from the selected scenarios with the matching
 * rules of docs/contract.md: service base, method, path, query multiset and, for
 * connect/token, grant_type. Entries with the same key answer in file order, and the last
 * keeps answering. A request under a base that no entry matches gets a 501 problem naming
 * its key; requests elsewhere pass through.
 */
export function createFixtureHandlers(
  selection: Selection | readonly SelectionPair[],
  opts: FixtureOptions = {},
): FixtureHandlers {
  const bases = opts.bases ?? FIXTURE_BASES;
  const loaded: { id: string; entry: FixtureEntry }[] = [];
  for (const [call, scenario] of pairsOf(selection)) {
    const s = findScenario(call, scenario);
    s.entries.forEach((entry, i) => loaded.push({ id: `${call}/${scenario}#${i}`, entry }));
  }
  // Per handler set, never shared: each story or test starts from the first answer.
  const answered = new Map<string, number>();
  const used = new Set<string>();

  const handler = http.all('*', async ({ request }) => {
    const url = new URL(request.url);
    const body = isTokenRequest(bases, url) ? await request.clone().text() : '';
    const key = keyOf(bases, request.method, url, body);
    if (!key) return undefined;
    const ks = keyString(key);
    const matching = loaded.filter((l) => l.entry.key === ks);
    const n = answered.get(ks) ?? 0;
    const hit = matching[Math.min(n, matching.length - 1)];
    if (!hit) {
      return HttpResponse.json(
        { type: problemType(501), title: 'No fixture', status: 501, detail: `no fixture entry answers ${ks}` },
        { status: 501, headers: { 'Content-Type': contract.problem.contentType } },
      );
    }
    answered.set(ks, n + 1);
    used.add(hit.id);
    const { status, statusText, headers, body: text } = hit.entry;
    const empty = status === 204 || status === 304 || text === '';
    return new HttpResponse(empty ? null : text, { status, statusText, headers });
  });

  return {
    handlers: [handler],
    unused: () => loaded.map((l) => l.id).filter((id) => !used.has(id)),
  };
}

/** handlersFor is createFixtureHandlers for callers that only need the handlers. */
export function handlersFor(selection: Selection | readonly SelectionPair[], opts: FixtureOptions = {}): HttpHandler[] {
  return createFixtureHandlers(selection, opts).handlers;
}

/** The success-path scenario of every call: a shop where everything works. */
export const happyPath: Selection = {
  'identity.token.guest': 'success',
  'users.currentUser': 'success',
  'catalog.countries': 'success',
  'catalog.regions': 'success',
  'catalog.specialBundles': 'success',
  'catalog.areaBundles': 'success',
  'catalog.globalBundles': 'success',
  'catalog.search': 'success',
  'catalog.bundle': 'success',
  'catalog.topupBundles': 'success',
  'catalog.topupBundleSelected': 'success',
  'esimcheck.check': 'can-continue',
  'esims.byEmail': 'success',
  'esims.info': 'success',
  'esims.qrCode': 'success',
  'support.canPurchase': 'allowed',
  'support.contactUs': 'success',
  'users.otpSend': 'signup',
  'users.otpVerify': 'success',
  'identity.token.otp': 'success',
  'orders.create': 'newly-created',
  'orders.delete': 'success',
  'orders.details': 'success',
  'logs.push': 'success',
};
