import type { Decorator, Loader } from '@storybook/react-vite';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupWorker, type SetupWorker } from 'msw/browser';
import { callOf, handlersForSelection, type FixtureSelection } from '@/mocks/handlers';
import { FIXTURE_BASES, isTokenRequest, keyOf } from '@/mocks/har';
import { contract, problemType } from '@/shared/contract/contract';
import { NAMESPACES, loadCatalogues } from '@/shared/i18n/catalogues';
import { isLocale, type Locale } from '@/shared/i18n/locales';
import { AppProviders, type AppOptions } from './AppProviders';

/**
 * What a story says about its world, under `parameters`; Storybook merges parameters
 * across preview, meta and story, so a story names only what differs from its meta.
 * - `app`: route, session, runtime configuration and locale (AppProviders).
 * - `fixtures`: what the server answers per call: a recorded scenario, an HTTP status (a
 *   problem+json error from problemFor), 'pending' (never answers) or null (drop the
 *   meta's choice).
 * - `handlers`: MSW handlers of the story itself; they run before the fixtures.
 * A request to a provider host that none of these answers fails the story.
 */
export type ShopParameters = { app?: AppOptions; fixtures?: FixtureSelection; handlers?: HttpHandler[] };

/** shopParameters types a story's or meta's parameters (the object itself is returned). */
export const shopParameters = <P extends ShopParameters>(p: P): P => p;

let worker: Promise<SetupWorker> | null = null;
const unanswered: string[] = [];

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
  const call = callOf(FIXTURE_BASES, request.method, url, body) ?? 'an unknown call';
  const what = `${request.method} ${url.href} (${call})`;
  unanswered.push(what);
  console.error(`story: nothing answers ${what}; add it to parameters.fixtures or parameters.handlers`);
  return HttpResponse.json(
    { type: problemType(501), title: 'No fixture', status: 501, detail: `nothing answers ${what}` },
    { status: 501, headers: { 'Content-Type': contract.problem.contentType } },
  );
});

/** fixturesLoader installs the story's handlers before it renders (the one global loader). */
export const fixturesLoader: Loader = async ({ parameters }) => {
  const { fixtures = {}, handlers = [] } = parameters as ShopParameters;
  const w = await startWorker();
  unanswered.length = 0;
  w.resetHandlers(...handlers, ...handlersForSelection(fixtures, { onMissing: 'pass' }).handlers, strictCatchAll);
  return {};
};

/** failOnUnanswered fails a story that made a request nothing answered. */
export const failOnUnanswered = async () => {
  // Requests a render started just before the play function ended still arrive.
  await new Promise((r) => setTimeout(r, 50));
  if (unanswered.length > 0) throw new Error(`The story made requests nothing answers:\n${unanswered.join('\n')}`);
};

/**
 * storyLocale is the locale a story renders in: parameters.app.locale pins it, else the
 * toolbar's `locale` global (set per run by the story tests, vite.config.ts), else en.
 */
export function storyLocale({ parameters, globals }: { parameters: unknown; globals?: Record<string, unknown> }): Locale {
  const fromParams = (parameters as ShopParameters).app?.locale;
  if (fromParams) return fromParams;
  const fromGlobals = globals?.locale;
  return isLocale(fromGlobals) ? fromGlobals : 'en';
}

/** i18nLoader loads every catalogue of the story's locale (and English) before it renders. */
export const i18nLoader: Loader = async (ctx) => {
  const locale = storyLocale(ctx);
  await loadCatalogues(locale === 'en' ? ['en'] : [locale, 'en'], NAMESPACES);
  return {};
};

/** withApp wraps every story in AppProviders, driven by parameters.app and the locale global. */
export const withApp: Decorator = (Story, ctx) => (
  <AppProviders {...((ctx.parameters as ShopParameters).app ?? {})} locale={storyLocale(ctx)}>
    <Story />
  </AppProviders>
);
