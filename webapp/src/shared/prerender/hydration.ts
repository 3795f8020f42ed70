import { useSyncExternalStore } from 'react';

// The shop's public pages are prerendered at build time and hydrated in the browser
// (docs/performance.md, "Prerendered first screen"). Hydration must render exactly what the
// build rendered: whatever depends on the browser (the date, the stored session, the user's
// motion preference) renders its build-time value first and its own value right after.

const subscribeNever = () => () => {};

/**
 * useHydrated is false while the prerendered HTML is rendered (at build time) and hydrated,
 * true from the first render after that; true at once when the app renders on the client
 * alone (no prerendered markup: createRoot, tests, stories).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/** BUILD_YEAR is the year the build ran, what prerendered pages show until they hydrate. */
export const BUILD_YEAR: number = typeof __BUILD_YEAR__ === 'number' ? __BUILD_YEAR__ : new Date().getFullYear();
