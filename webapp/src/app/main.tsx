import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiServices } from '@/shared/api/ApiContext';
import { loadConfig } from '@/shared/config/config';
import { App } from './App';
import { preloadRoute } from './routes';
import './global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The page's module downloads while the configuration is fetched (no waterfall).
preloadRoute(window.location.pathname);

// The configuration is fetched at start-up, never baked into the bundle.
loadConfig()
  .then((config) => {
    createRoot(root).render(
      <StrictMode>
        <App config={config} services={createApiServices(config)} />
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
