import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiServices } from '@/shared/api/ApiContext';
import { loadConfig } from '@/shared/config/config';
import { loadCatalogues } from '@/shared/i18n/catalogues';
import { createI18n, FRAME_NAMESPACES } from '@/shared/i18n/i18n';
import { browserLocale } from '@/shared/i18n/locales';
import { App } from './App';
import './global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const locale = browserLocale();
// The configuration is fetched at start-up, never baked into the bundle; the frame's texts
// (layout, shared) in the chosen language arrive alongside it, in parallel, so the first
// render shows text and no key. English is the fallback of missing texts: loaded too.
const catalogues = loadCatalogues(locale === 'en' ? ['en'] : [locale, 'en'], FRAME_NAMESPACES);
Promise.all([loadConfig(), catalogues])
  .then(([config]) => {
    const i18n = createI18n({ locale, document, global: true });
    createRoot(root).render(
      <StrictMode>
        <App config={config} services={createApiServices(config)} i18n={i18n} />
      </StrictMode>,
    );
  })
  .catch((err: unknown) => {
    console.error('start-up failed', err);
    const box = document.createElement('div');
    box.className = 'page';
    box.setAttribute('role', 'alert');
    const h = document.createElement('h1');
    h.textContent = 'The shop could not start';
    const p = document.createElement('p');
    p.textContent = 'Please try again in a few minutes.';
    box.append(h, p);
    root.replaceChildren(box);
  });

// The service worker (offline app shell and install kit, docs/offline.md) registers after
// the page has loaded, from its own small chunk: nothing of it is in the entry bundle.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => {
    import('./registerServiceWorker')
      .then((m) => m.registerServiceWorker())
      .catch((err: unknown) => console.warn('service worker module not loaded', err instanceof Error ? err.message : err));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
