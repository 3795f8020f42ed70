import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { fixtureScenarios, type ScenarioMap } from './fixtures.generated';
import { contract, problemType } from '@/shared/contract/contract';
import { FIXTURE_BASES, isTokenRequest, keyOf, keyString, type Bases } from './har';
import type { FixtureEntry, FixtureScenario } from './types';

export type FixtureCall = keyof ScenarioMap;

/** A call's scenario, e.g. { 'listCountries': 'success' }. */
export type Selection = { [C in FixtureCall]?: ScenarioMap[C] };

/** The same, as pairs, when one call needs several scenarios or an explicit order. */
export type SelectionPair = { [C in FixtureCall]: readonly [C, ScenarioMap[C]] }[FixtureCall];

export type FixtureOptions = {
  /** Where the app sends requests; the fixture hosts unless the config says otherwise. */
  bases?: Bases;
  /**
   * What a request under the bases that no selected entry answers gets: a 501 "No fixture"
   * problem (the default), or nothing, so later handlers (a story's strict catch-all, the
   * test server's onUnhandledRequest: 'error') see it.
   */
  onMissing?: '501' | 'pass';
};

/** findScenario returns the generated fixture of call/scenario, or throws naming it. */
export function findScenario(call: string, scenario: string): FixtureScenario {
  const s = fixtureScenarios.find((f) => f.call === call && f.scenario === scenario);
  if (!s) throw new Error(`no fixture ${call}/${scenario}`);
  return s;
}

/** scenariosOf lists the recorded scenarios of a call, sorted (none for a call the fixtures do not record). */
export function scenariosOf(call: string): string[] {
  return [...new Set(fixtureScenarios.filter((f) => f.call === call).map((f) => f.scenario))].sort();
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
    const body = await request.clone().text();
    const key = keyOf(bases, request.method, url, body, request.headers.get('content-type') ?? '');
    if (!key) return undefined;
    const ks = keyString(key);
    const matching = loaded.filter((l) => l.entry.key === ks);
    const n = answered.get(ks) ?? 0;
    const hit = matching[Math.min(n, matching.length - 1)];
    if (!hit) {
      if (opts.onMissing === 'pass') return undefined;
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
  'token.guest': 'success',
  'getCurrentUser': 'success',
  'listCountries': 'success',
  'listRegions': 'success',
  'listSpecialBundles': 'success',
  'listAreaBundles': 'success',
  'listAreaBundles.global': 'success',
  'searchBundles': 'success',
  'getBundle': 'success',
  'listAreaBundles.topup': 'success',
  'topupBundleSelected': 'success',
  'checkEsim': 'can-continue',
  'listEsimsByEmail': 'success',
  'getEsimInfo': 'success',
  'getQrCode': 'success',
  'canPurchase': 'allowed',
  'contactUs': 'success',
  'sendOtp': 'signup',
  'verifyOtp': 'success',
  'token.otp': 'success',
  'createOrder': 'newly-created',
  'deleteOrder': 'success',
  'addOrderDetails': 'success',
  'pushLogs': 'success',
};

/**
 * A call's matching rule, learnt from every recorded entry of the call: service, method,
 * grant_type, the query's parameter names and the path's segments, where a segment that
 * differs between recordings or looks like a value (digits, '@', ',', '.', a country code) is a
 * parameter (null) and matches any value.
 */
type CallRule = { call: string; service: string; method: string; grantType: string; queryNames: string; segments: (string | null)[] };

const looksLikeValue = (seg: string) => /[0-9@,.]/.test(seg) || /^[A-Z]{2,3}$/.test(seg);

let rulesCache: CallRule[] | null = null;

function callRules(): CallRule[] {
  if (rulesCache) return rulesCache;
  const groups = new Map<string, { rule: Omit<CallRule, 'segments'>; paths: string[][] }>();
  for (const s of fixtureScenarios) {
    for (const e of s.entries) {
      const segs = e.path === '' ? [] : e.path.split('/');
      const queryNames = [...new URLSearchParams(e.query).keys()].sort().join('&');
      const id = [e.call, e.service, e.method, e.grantType, queryNames, segs.length].join(' ');
      const g = groups.get(id) ?? { rule: { call: e.call, service: e.service, method: e.method, grantType: e.grantType, queryNames }, paths: [] };
      g.paths.push(segs);
      groups.set(id, g);
    }
  }
  rulesCache = [...groups.values()].map(({ rule, paths }) => {
    const first = paths[0] ?? [];
    const segments = first.map((seg, i) => (paths.every((p) => p[i] === seg) && !looksLikeValue(seg) ? seg : null));
    return { ...rule, segments };
  });
  return rulesCache;
}

/**
 * callOf names the provider call a request is, by the calls' matching rules (the rule with
 * the most fixed path segments wins: catalog/bundles/special is listSpecialBundles, not
 * listAreaBundles). Null for a request under no base or matching no call.
 */
export function callOf(bases: Bases, method: string, url: URL, body: string): string | null {
  return callsOf(bases, method, url, body)[0] ?? null;
}

/** callsOf is callOf with every call that ties (listCountries and listCountries.areaList share a rule). */
export function callsOf(bases: Bases, method: string, url: URL, body: string): string[] {
  const key = keyOf(bases, method, url, body);
  if (!key) return [];
  const segs = key.path === '' ? [] : key.path.split('/');
  const queryNames = [...new URLSearchParams(key.query).keys()].sort().join('&');
  let best: string[] = [];
  let bestFixed = -1;
  for (const r of callRules()) {
    if (r.service !== key.service || r.method !== key.method || r.grantType !== key.grantType || r.queryNames !== queryNames) continue;
    if (r.segments.length !== segs.length || !r.segments.every((s, i) => s === null || s === segs[i])) continue;
    const fixed = r.segments.filter((s) => s !== null).length;
    if (fixed > bestFixed) {
      best = [];
      bestFixed = fixed;
    }
    if (fixed === bestFixed && !best.includes(r.call)) best.push(r.call);
  }
  return best;
}

/** isCall tells whether a request is `call`, reading the body only for connect/token. */
async function isCall(bases: Bases, request: Request, call: string): Promise<boolean> {
  const url = new URL(request.url);
  const body = isTokenRequest(bases, url) ? await request.clone().text() : '';
  return callsOf(bases, request.method, url, body).includes(call);
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export type ProblemOptions = FixtureOptions & {
  /** The problem's detail; a generic sentence naming the call by default. */
  detail?: string;
  /** Seconds for the Retry-After header of a 429 (default 30). */
  retryAfter?: number;
};

/**
 * problemFor answers every request of `call` (by the call's matching rule, whatever its
 * path parameters) with a realistic RFC 9457 problem+json error of `status`, as the
 * provider sends it. Error stories and tests use it rather than leaving a fixture out.
 */
export function problemFor(call: FixtureCall, status: number, opts: ProblemOptions = {}): HttpHandler {
  const bases = opts.bases ?? FIXTURE_BASES;
  const title = STATUS_TEXT[status] ?? 'Error';
  return http.all('*', async ({ request }) => {
    if (!(await isCall(bases, request, call))) return undefined;
    return problemResponse(status, opts.detail ?? `${title}: ${call} failed on the server.`, opts.retryAfter);
  });
}

/**
 * problemResponse is the provider's problem+json error of `status`, for a story handler
 * of a call the fixtures do not record (problemFor covers every recorded call).
 */
export function problemResponse(status: number, detail: string, retryAfter = 30) {
  const title = STATUS_TEXT[status] ?? 'Error';
  const headers: Record<string, string> = { 'Content-Type': contract.problem.contentType };
  if (status === 429) headers['Retry-After'] = String(retryAfter);
  return HttpResponse.json({ type: problemType(status), title, status, detail }, { status, statusText: title, headers });
}

/** pendingFor never answers the requests of `call`: the loading state. */
export function pendingFor(call: FixtureCall, opts: FixtureOptions = {}): HttpHandler {
  const bases = opts.bases ?? FIXTURE_BASES;
  return http.all('*', async ({ request }) => {
    if (!(await isCall(bases, request, call))) return undefined;
    await delay('infinite');
    return undefined;
  });
}

/**
 * What a story or test asks the server to answer for each call: a recorded scenario, an
 * HTTP status (the problem+json error of problemFor), 'pending' (no answer: loading) or
 * null (the call is not answered; a meta's choice removed).
 */
export type FixtureChoice<C extends FixtureCall> = ScenarioMap[C] | number | 'pending' | null;
export type FixtureSelection = { [C in FixtureCall]?: FixtureChoice<C> };

/**
 * handlersForSelection turns a selection into handlers: errors and pending calls first,
 * then the recorded scenarios. With onMissing 'pass', a request no entry answers goes on
 * to later handlers.
 */
export function handlersForSelection(selection: FixtureSelection, opts: FixtureOptions = {}): FixtureHandlers {
  const first: HttpHandler[] = [];
  const recorded: Selection = {};
  for (const [call, choice] of Object.entries(selection) as [FixtureCall, FixtureChoice<FixtureCall> | undefined][]) {
    if (choice === null || choice === undefined) continue;
    if (typeof choice === 'number') first.push(problemFor(call, choice, opts));
    else if (choice === 'pending') first.push(pendingFor(call, opts));
    else (recorded as Record<string, string>)[call] = choice;
  }
  const fixtures = createFixtureHandlers(recorded, opts);
  return { handlers: [...first, ...fixtures.handlers], unused: fixtures.unused };
}
