/**
 * pageLoaded resolves once the window's load event has fired (at once when it has). What the
 * first screen does not need (the bot check's script, analytics, the service worker) starts
 * only then, so it competes neither with the page's own downloads nor with its hydration
 * (docs/performance.md, "Less work before the first interaction").
 */
export function pageLoaded(win: Window = window): Promise<void> {
  if (win.document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => win.addEventListener('load', () => resolve(), { once: true }));
}
