// The only script of a prerendered page (scripts/build-shop.ts builds it on its own: a few
// hundred bytes, no import). The page is on screen before any script runs; this one
//   1. starts the app once the page has been painted (the frame after it, or 200 ms at the
//      latest, e.g. a tab opened in the background): it preloads the chunks the page lists
//      in <meta name="esim:preload"> and imports the entry named by <meta name="esim:app">.
//      No script competes with the first paint (docs/performance.md);
//   2. until the app has taken the page over (hydration), keeps what the visitor does with
//      the page's controls: a button pressed or a form sent is held back and marked
//      (data-hydration-click, data-hydration-submit), a choice in a select noted
//      (data-hydration-value: hydration sets the select back); the app repeats them once
//      hydrated (replayBeforeHydration.ts), with the text typed into fields. Links work as
//      they are: a full page load.

/** The event main.tsx dispatches on the document once the page is hydrated (HYDRATED_EVENT). */
const HYDRATED = 'esim:hydrated';

const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';

const hold = (e: Event) => {
  const target = e.target instanceof Element ? e.target : null;
  if (e.type === 'change' && target instanceof HTMLSelectElement) {
    target.setAttribute('data-hydration-value', target.value);
    return;
  }
  if (e.type === 'submit' && target instanceof HTMLFormElement) {
    // Without the app the form would be sent to the server as a query string: never.
    e.preventDefault();
    target.setAttribute('data-hydration-submit', '');
    return;
  }
  const button = target?.closest('button, [role="button"], [role="tab"]');
  if (e.type === 'click' && button && !button.closest('a[href]')) {
    e.preventDefault();
    button.setAttribute('data-hydration-click', '');
  }
};
const held = ['click', 'submit', 'change'];
for (const type of held) document.addEventListener(type, hold, true);
document.addEventListener(
  HYDRATED,
  () => {
    for (const type of held) document.removeEventListener(type, hold, true);
  },
  { once: true },
);

let started = false;
const start = () => {
  if (started) return;
  started = true;
  for (const href of meta('esim:preload').split(' ')) {
    if (!href) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const app = meta('esim:app');
  if (app) void import(/* @vite-ignore */ app);
};
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 200);

export {};
