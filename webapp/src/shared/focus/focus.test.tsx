import { act, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { focusElement, routeFocusTarget, useFocusOnChange, useRouteFocus } from './focus';

function Frame() {
  const main = useRef<HTMLElement>(null);
  useRouteFocus(main);
  return (
    <>
      <nav>
        <Link to="/a">A</Link>
        <Link to="/b">B</Link>
        <Link to="/b?q=1">B with a query</Link>
      </nav>
      <main ref={main} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

function renderRoutes() {
  const router = createMemoryRouter(
    [
      {
        element: <Frame />,
        children: [
          { path: '/a', element: <h1>Page A</h1> },
          { path: '/b', element: <h1>Page B</h1> },
          { path: '/c', element: <p>No heading</p> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('useRouteFocus', () => {
  it('leaves the first page load alone, then focuses the new h1 after each path change', async () => {
    const router = renderRoutes();
    expect(document.activeElement).toBe(document.body);
    await act(() => router.navigate('/b'));
    const h1 = screen.getByRole('heading', { name: 'Page B' });
    expect(document.activeElement).toBe(h1);
    // Focusable by script only: not a Tab stop.
    expect(h1).toHaveAttribute('tabindex', '-1');
  });

  it('keeps the focus when only the query changes', async () => {
    const router = renderRoutes();
    await act(() => router.navigate('/b'));
    const link = screen.getByRole('link', { name: 'B with a query' });
    link.focus();
    await act(() => router.navigate('/b?q=1'));
    expect(document.activeElement).toBe(link);
  });

  it('falls back to main on a page without an h1', async () => {
    const router = renderRoutes();
    await act(() => router.navigate('/c'));
    // One frame later: a page may still be putting its heading in.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')));
  });
});

describe('routeFocusTarget', () => {
  it.each([
    { html: '<h2>x</h2><h1>Title</h1><p data-route-focus>Here</p>', want: 'Here' },
    { html: '<h2>x</h2><h1>Title</h1>', want: 'Title' },
    { html: '<p>none</p>', want: 'none' },
  ])('picks $want', ({ html, want }) => {
    const main = document.createElement('main');
    main.innerHTML = html;
    expect(routeFocusTarget(main).textContent).toBe(want);
  });
});

function Steps({ initial = false }: { initial?: boolean }) {
  const [step, setStep] = useState(1);
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(heading, step, initial);
  return (
    <>
      <h2 ref={heading}>Step {step}</h2>
      <button type="button" onClick={() => setStep((s) => s + 1)}>
        Next
      </button>
    </>
  );
}

describe('useFocusOnChange', () => {
  it('focuses the step heading when the step changes, not on the first render', async () => {
    render(<Steps />);
    expect(document.activeElement).toBe(document.body);
    const next = screen.getByRole('button', { name: 'Next' });
    next.focus();
    await act(async () => next.click());
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Step 2' }));
  });

  it('with initial, focuses on the first render too', () => {
    render(<Steps initial />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Step 1' }));
  });
});

describe('focusElement', () => {
  it('keeps a control in the Tab order and reports a missing element', () => {
    render(<button type="button">Go</button>);
    const b = screen.getByRole('button');
    expect(focusElement(b)).toBe(true);
    expect(b).not.toHaveAttribute('tabindex');
    expect(focusElement(null)).toBe(false);
  });
});
