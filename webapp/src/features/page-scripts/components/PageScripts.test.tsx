import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageScript } from '@/shared/config/config';
import { ConfigProvider } from '@/shared/config/ConfigContext';
import { fixtureConfig } from '@/test/fixtureConfig';
import { PageScripts, scriptsFor } from './PageScripts';

afterEach(() => {
  document.querySelectorAll('[data-page-script]').forEach((e) => e.remove());
});

describe('scriptsFor', () => {
  const config: Record<string, PageScript[]> = {
    '/actionresult': [{ path: '/s/result.js', target: 'body' }],
    '/faq/:item': [{ path: '/s/faq.css', target: 'head' }],
    '/cart/:bundleId/:topupAccountId?': [{ path: '/s/cart.js', target: 'head' }],
  };
  it.each([
    ['/actionresult', ['/s/result.js']],
    ['/faq/general-info', ['/s/faq.css']],
    ['/faq', []],
    ['/cart/abc', ['/s/cart.js']],
    ['/cart/abc/def', ['/s/cart.js']],
    ['/plans', []],
  ])('%s', (path, want) => expect(scriptsFor(config, path).map((s) => s.path)).toEqual(want));
});

const js = (body: string) => new Response(body, { headers: { 'Content-Type': 'text/javascript' } });
const css = (body: string) => new Response(body, { headers: { 'Content-Type': 'text/css; charset=utf-8' } });

function renderApp(pageScripts: Record<string, PageScript[]>, fetchFn: typeof fetch, start = '/') {
  const Shell = () => (
    <>
      <PageScripts fetchFn={fetchFn} />
      <Link to="/actionresult">result</Link>
      <Link to="/plans">plans</Link>
      <Outlet />
    </>
  );
  const router = createMemoryRouter([{ path: '/', element: <Shell />, children: [{ path: '*', element: null }] }], { initialEntries: [start] });
  render(
    <StrictMode>
      <ConfigProvider config={fixtureConfig({ pageScripts })}>
        <RouterProvider router={router} />
      </ConfigProvider>
    </StrictMode>,
  );
}

describe('PageScripts', () => {
  it('injects a route’s script and style once, into the configured target', async () => {
    const fetchFn = vi.fn<typeof fetch>(async (input) => (String(input).endsWith('.css') ? css('.x{color:red}') : js('window.__ps = 1;')));
    renderApp(
      {
        '/actionresult': [
          { path: '/s/result.js', target: 'body' },
          { path: '/s/result.css', target: 'head' },
        ],
      },
      fetchFn,
    );
    const user = userEvent.setup();
    expect(fetchFn).not.toHaveBeenCalled();
    await user.click(screen.getByRole('link', { name: 'result' }));
    await waitFor(() => expect(document.querySelectorAll('[data-page-script]')).toHaveLength(2));
    const script = document.body.querySelector<HTMLScriptElement>('script[data-page-script="/s/result.js"]');
    expect(script?.getAttribute('src')).toBe('/s/result.js');
    expect(script?.async).toBe(false);
    const link = document.head.querySelector<HTMLLinkElement>('link[data-page-script="/s/result.css"]');
    expect(link?.getAttribute('href')).toBe('/s/result.css');
    expect(link?.rel).toBe('stylesheet');
    await user.click(screen.getByRole('link', { name: 'plans' }));
    await user.click(screen.getByRole('link', { name: 'result' }));
    await waitFor(() => expect(fetchFn).toHaveBeenCalledTimes(2));
    expect(document.querySelectorAll('[data-page-script]')).toHaveLength(2);
    expect(fetchFn).toHaveBeenCalledWith('/s/result.js', expect.anything());
  });

  it.each([
    ['a failed fetch', () => Promise.reject(new TypeError('Failed to fetch')), 'Failed to fetch'],
    ['a 404', async () => new Response('nope', { status: 404 }), 'HTTP 404'],
    ['an HTML fallback page', async () => new Response('<!doctype html>', { headers: { 'Content-Type': 'text/html' } }), 'unexpected content type'],
  ])('logs %s to the console and injects nothing', async (_name, answer, text) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp({ '/actionresult': [{ path: '/s/result.js', target: 'body' }] }, vi.fn<typeof fetch>(answer), '/actionresult');
    await waitFor(() => expect(error).toHaveBeenCalledWith('page script /s/result.js not loaded:', expect.stringContaining(text)));
    expect(document.querySelector('[data-page-script]')).toBeNull();
  });
});
