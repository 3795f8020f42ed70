// The only script of a prerendered page (scripts/build-shop.ts builds it on its own, its one
// import bundled in: a few hundred bytes). The page is on screen before any script runs; this one
//   1. starts the app once the page has been painted (the frame after it, or 200 ms at the
//      latest, e.g. a tab opened in the background): it preloads the chunks the page lists
//      in <meta name="esim:preload"> and imports the entry named by <meta name="esim:app">.
//      No script competes with the first paint (docs/performance.md);
//   2. until the app has taken the page over (hydration), keeps what the visitor does with
//      the page's controls: a button pressed or a form sent is held back and marked
//      (data-hydration-click, data-hydration-submit), a tap in a text field and a choice in
//      a select noted (data-hydration-click, data-hydration-value: hydration sets the select
//      back); none of them reaches React before the replay. The app repeats them, once, when
//      the page is hydrated (replayBeforeHydration.ts), with the text typed into fields.
//      Links work as they are: a full page load.

import { HYDRATED_EVENT, isTextField } from './hydrationHold';

const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';

const hold = (e: Event) => {
  const target = e.target instanceof Element ? e.target : null;
  // A held event stops here: the part of the page React has taken over already (the frame
  // hydrates before the page's content) must not act on it too, or the replay would repeat
  // it (a menu opened, then closed again).
  if (e.type === 'change' && target instanceof HTMLSelectElement) {
    e.stopPropagation();
    target.setAttribute('data-hydration-value', target.value);
    return;
  }
  if (e.type === 'submit' && target instanceof HTMLFormElement) {
    // Without the app the form would be sent to the server as a query string: never.
    e.preventDefault();
    e.stopPropagation();
    target.setAttribute('data-hydration-submit', '');
    return;
  }
  if (e.type !== 'click' || !target) return;
  // A tap in a text field focuses it as usual; what the app does on it (the country search
  // opens its list) comes with the replay.
  if (isTextField(target)) {
    e.stopPropagation();
    target.setAttribute('data-hydration-click', '');
    return;
  }
  const button = target.closest('button, [role="button"], [role="tab"]');
  if (button && !button.closest('a[href]')) {
    e.preventDefault();
    e.stopPropagation();
    button.setAttribute('data-hydration-click', '');
  }
};
const held = ['click', 'submit', 'change'];
for (const type of held) document.addEventListener(type, hold, true);
document.addEventListener(
  HYDRATED_EVENT,
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

