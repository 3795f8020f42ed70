import { useSyncExternalStore } from 'react';
import { MOBILE_MAX_WIDTH } from '@/shared/format/format';

const query = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const mql = window.matchMedia(query);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

// Without matchMedia (old jsdom) the width decides, as the spec's rule is width-based.
const snapshot = () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : window.innerWidth <= MOBILE_MAX_WIDTH);

/** Whether the viewport is at most 768 px wide (the spec's mobile breakpoint). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
