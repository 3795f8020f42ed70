import type { Decorator, Loader } from '@storybook/react-vite';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupWorker, type SetupWorker } from 'msw/browser';
import { useSyncExternalStore } from 'react';
import { callsOf, handlersForSelection, type FixtureSelection } from '@/mocks/handlers';
import { FIXTURE_BASES, isTokenRequest, keyOf } from '@/mocks/har';
import { contract, problemType } from '@/shared/contract/contract';
import { NAMESPACES, loadCatalogues } from '@/shared/i18n/catalogues';
import { isLocale, type Locale } from '@/shared/i18n/locales';
import { AppProviders, type AppOptions } from './AppProviders';
import { unansweredMessage, type UnansweredRequest } from './unanswered';

/**
 * What a story says about its world, under `parameters`; Storybook merges parameters
 * across preview, meta and story, so a story names only what differs from its meta.
 * - `app`: route, session and runtime configuration (AppProviders). The locale is the
 *   `locale` global: a story pins one with pinLocale, which the toolbar then shows.
 * - `fixtures`: what the server answers per call: a recorded scenario, an HTTP status (a
 *   problem+json error from problemFor), 'pending' (never answers) or null (drop the
 *   meta's choice).
 * - `handlers`: MSW handlers of the story itself; they run before the fixtures.
 * A request to a provider host that none of these answers fails the story.
 */
export type ShopParameters = { app?: Omit<AppOptions, 'locale'>; fixtures?: FixtureSelection; handlers?: HttpHandler[] };

/** The tag of a story pinned to a locale (pinLocale). */
export const PINNED_LOCALE_TAG = 'pinned-locale';

/**
 * pinLocale pins a story to a locale, whatever the toolbar says: the story's own `locale`
 * global, which Storybook's toolbar shows (and locks) while the story is open, and a tag by
 * which the story tests know the story ignores the run's locale. Spread it into the story:
 * `{ ...pinLocale('ar'), parameters: ... }` (with the story's other globals or tags added to
 * those it returns).
 */
export function pinLocale<L extends Locale>(locale: L): { globals: { locale: L }; tags: string[] } {
  return { globals: { locale }, tags: [PINNED_LOCALE_TAG] };
}

/** shopParameters types a story's or meta's parameters (the object itself is returned). */
export const shopParameters = <P extends ShopParameters>(p: P): P => p;

let worker: Promise<SetupWorker> | null = null;

/** The current story's unanswered requests, and who shows them (the canvas notice). */
let unanswered: readonly UnansweredRequest[] = [];
const listeners = new Set<() => void>();
function setUnanswered(next: readonly UnansweredRequest[]) {
  unanswered = next;
  for (const l of listeners) l();
}

/** Whether the current story shows unanswered requests on purpose (excuseUnanswered). */
let excused = false;

/**
 * excuseUnanswered returns the story's unanswered requests and lets the story pass with them
 * (the canvas still shows them): only for a story that shows this failure on purpose, the
 * mocking guide's Unmocked example.
 */
export function excuseUnanswered(): readonly UnansweredRequest[] {
  excused = true;
  return unanswered;
}

/** The mock service worker, started once per browser page. */
function startWorker(): Promise<SetupWorker> {
  worker ??= (async () => {
    const w = setupWorker();
    // Requests outside the provider hosts (the story's own modules, fonts) go through.
    await w.start({ onUnhandledRequest: 'bypass', quiet: true });
    return w;
  })();
  return worker;
}

/**
 * The last handler: any request to a provider host that nothing answered is recorded (the
 * story then fails in afterEach) and gets a 501 problem naming its call.
 */
const strictCatchAll = http.all('*', async ({ request }) => {
  const url = new URL(request.url);
  const body = isTokenRequest(FIXTURE_BASES, url) ? await request.clone().text() : '';
  if (!keyOf(FIXTURE_BASES, request.method, url, body)) return undefined;
  const missed: UnansweredRequest = { method: request.method, url: url.href, calls: callsOf(FIXTURE_BASES, request.method, url, body) };
  setUnanswered([...unanswered, missed]);
  const what = `${request.method} ${url.href} (${missed.calls.join(' or ') || 'an unknown call'})`;
  console.error(unansweredMessage([missed]));
  return HttpResponse.json(
    { type: problemType(501), title: 'No fixture', status: 501, detail: `nothing answers ${what}` },
    { status: 501, headers: { 'Content-Type': contract.problem.contentType } },
  );
});

/** fixturesLoader installs the story's handlers before it renders (the one global loader). */
export const fixturesLoader: Loader = async ({ parameters }) => {
  const { fixtures = {}, handlers = [] } = parameters as ShopParameters;
  const w = await startWorker();
  setUnanswered([]);
  excused = false;
  w.resetHandlers(...handlers, ...handlersForSelection(fixtures, { onMissing: 'pass' }).handlers, strictCatchAll);
  return {};
};

/** failOnUnanswered fails a story that made a request nothing answered. */
export const failOnUnanswered = async () => {
  // Requests a render started just before the play function ended still arrive.
  await new Promise((r) => setTimeout(r, 50));
  // The message is the canvas's error display too (its heading), so it says what to do.
  if (unanswered.length > 0 && !excused) throw new Error(unansweredMessage(unanswered));
};

/**
 * storyLocale is the locale a story renders in: the `locale` global, which is the story's own
 * when pinned (pinLocale), else the toolbar's (set per run by the story tests, vite.config.ts),
 * else en.
 */
export function storyLocale({ globals }: { parameters?: unknown; globals?: Record<string, unknown> }): Locale {
  const fromGlobals = globals?.locale;
  return isLocale(fromGlobals) ? fromGlobals : 'en';
}

/** i18nLoader loads every catalogue of the story's locale (and English) before it renders. */
export const i18nLoader: Loader = async (ctx) => {
  const locale = storyLocale(ctx);
  await loadCatalogues(locale === 'en' ? ['en'] : [locale, 'en'], NAMESPACES);
  return {};
};

/**
 * UnansweredNotice shows on the canvas, above the story, what its unanswered requests need
 * (the same text the failing test prints), as soon as one is made: the story's own error
 * text alone (a 501 "No fixture") did not say which parameter to set.
 */
function UnansweredNotice() {
  const requests = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => unanswered,
  );
  if (requests.length === 0) return null;
  return (
    <pre
      role="alert"
      data-testid="unanswered-requests"
      style={{ margin: 0, padding: '0.75rem 1rem', whiteSpace: 'pre-wrap', font: '13px/1.5 monospace', color: '#7f1d1d', background: '#fef2f2', borderBlockEnd: '2px solid #b91c1c' }}
    >
      {unansweredMessage(requests)}
    </pre>
  );
}

/** withApp wraps every story in AppProviders, driven by parameters.app and the locale global. */
export const withApp: Decorator = (Story, ctx) => (
  <>
    <UnansweredNotice />
    <AppProviders {...((ctx.parameters as ShopParameters).app ?? {})} locale={storyLocale(ctx)}>
      <Story />
    </AppProviders>
  </>
);
