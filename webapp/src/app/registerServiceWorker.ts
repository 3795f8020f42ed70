/**
 * registerServiceWorker installs the shop's service worker (built by vite-plugin-pwa, see
 * vite.config.ts and docs/offline.md). It is imported dynamically after the page's load
 * event, so it neither grows the entry bundle nor competes with the first render.
 */
export async function registerServiceWorker(container: ServiceWorkerContainer = navigator.serviceWorker): Promise<ServiceWorkerRegistration | null> {
  try {
    // A new version installs in the background and takes over on the next visit (no
    // skipWaiting): docs/offline.md, "Updates".
    return await container.register('/sw.js', { scope: '/' });
  } catch (err) {
    // The shop works without it, only not offline.
    console.warn('service worker not registered', err instanceof Error ? err.message : err);
    return null;
  }
}
