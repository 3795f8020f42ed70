import { createContext, startTransition, use, useEffect, useLayoutEffect, useState } from 'react';

// The shop's public pages are prerendered at build time and hydrated in the browser
// (docs/performance.md, "Prerendered first screen"). Hydration must render exactly what the
// build rendered: whatever depends on the browser (the date, the stored session, the user's
// motion preference) renders its build-time value first and its own value right after.

/** True while the tree renders prerendered markup: at build time and when hydrating it. */
export const HydratingContext = createContext(false);

/**
 * useHydrated is false while the prerendered HTML is rendered (at build time) and hydrated,
 * true from the render after that; true at once when the app renders on the client alone
 * (no prerendered markup: createRoot, tests, stories).
 *
 * The switch is a transition, not an urgent update: React hydrates the page's content (a
 * Suspense boundary) after the frame, and an urgent update reaching it first would make
 * React hydrate it in one long task instead of in slices.
 */
export function useHydrated(): boolean {
  const hydrating = use(HydratingContext);
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/** Called once the page's content is on screen (hydrated): App's onPageShown. */
export const PageShownContext = createContext<(() => void) | undefined>(undefined);

/**
 * PageShown, rendered in the page's Suspense boundary after the page, calls the app's
 * onPageShown when that content is on screen: for a prerendered page, once React has taken
 * it over (hydration), which is after the frame around it.
 */
export function PageShown() {
  const shown = use(PageShownContext);
  useLayoutEffect(() => shown?.(), [shown]);
  return null;
}

/** BUILD_YEAR is the year the build ran, what prerendered pages show until they hydrate. */
export const BUILD_YEAR: number = typeof __BUILD_YEAR__ === 'number' ? __BUILD_YEAR__ : new Date().getFullYear();
