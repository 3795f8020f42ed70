import { useEffect, useRef } from 'react';
import { matchPath, useLocation } from 'react-router';
import type { PageScript } from '@/shared/config/config';
import { useConfig } from '@/shared/config/ConfigContext';

const isStyle = (path: string) => /\.css$/i.test(new URL(path, 'http://x').pathname);

/** scriptsFor lists the page scripts of every configured route pattern matching pathname. */
export function scriptsFor(pageScripts: Record<string, PageScript[]>, pathname: string): PageScript[] {
  return Object.entries(pageScripts)
    .filter(([pattern]) => matchPath({ path: pattern, end: true }, pathname) !== null)
    .flatMap(([, list]) => list);
}

/** The element an injected path gets, so a second visit finds it and injects nothing. */
const injectedSelector = (path: string) => `[data-page-script="${CSS.escape(path)}"]`;

/**
 * injectPageScript fetches path from this origin, then appends to head or body a script
 * (or, for .css, a stylesheet link) loading it. The fetch checks the file exists with the
 * right content type first: a single-page server answers unknown paths with index.html,
 * which must never be loaded as a script. The element points at the path rather than
 * holding the text, so the shop's Content-Security-Policy (no inline scripts) allows it;
 * the second load comes from the HTTP cache.
 */
export async function injectPageScript(doc: Document, item: PageScript, fetchFn: typeof fetch): Promise<boolean> {
  if (doc.querySelector(injectedSelector(item.path))) return false;
  const style = isStyle(item.path);
  const res = await fetchFn(item.path, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const type = (res.headers.get('Content-Type') ?? '').toLowerCase();
  const wanted = style ? type.includes('text/css') : /javascript|ecmascript/.test(type);
  if (!wanted) throw new Error(`unexpected content type "${type}"`);
  // Another navigation may have injected it while this one was fetching.
  if (doc.querySelector(injectedSelector(item.path))) return false;
  let el: HTMLElement;
  if (style) {
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = item.path;
    el = link;
  } else {
    const script = doc.createElement('script');
    script.src = item.path;
    // Page scripts run in the order the configuration lists them.
    script.async = false;
    el = script;
  }
  el.dataset.pageScript = item.path;
  (item.target === 'head' ? doc.head : doc.body).append(el);
  return true;
}

export type PageScriptsProps = { fetchFn?: typeof fetch };

/**
 * PageScripts injects, on every route change, the scripts and styles the runtime
 * configuration lists for the route (spec section 7), each once; a failed fetch is only
 * logged to the console.
 */
export function PageScripts({ fetchFn }: PageScriptsProps) {
  const { pageScripts } = useConfig();
  const { pathname } = useLocation();
  // Paths being fetched now, so quick navigations and strict-mode effects fetch once.
  const inFlight = useRef(new Set<string>());

  useEffect(() => {
    const doFetch = fetchFn ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
    for (const item of scriptsFor(pageScripts, pathname)) {
      if (inFlight.current.has(item.path)) continue;
      inFlight.current.add(item.path);
      injectPageScript(document, item, doFetch)
        .catch((err: unknown) => console.error(`page script ${item.path} not loaded:`, err instanceof Error ? err.message : err))
        .finally(() => inFlight.current.delete(item.path));
    }
  }, [pageScripts, pathname, fetchFn]);

  return null;
}
