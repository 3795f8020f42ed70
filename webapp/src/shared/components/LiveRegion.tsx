import type { ReactNode } from 'react';

type LiveRegionProps = {
  /** What to announce; nothing (or '') leaves the region empty but in place. */
  children?: ReactNode;
  /**
   * 'alert' for errors (assertive), 'status' for progress and results (polite); 'none' for
   * a polite region without a role (an extra announcer next to a status the page has).
   */
  role?: 'status' | 'alert' | 'none';
  className?: string;
  /** Heard, not seen: the text is for screen readers only. */
  hidden?: boolean;
  id?: string;
};

/**
 * LiveRegion is a live region that is rendered from the start and only changes its text
 * (WCAG 4.1.3): screen readers announce changes inside a region they already know, but
 * often miss a region inserted together with its text. Keep it mounted; pass the message
 * when there is one.
 */
export function LiveRegion({ children, role = 'status', className, hidden = false, id }: LiveRegionProps) {
  const cls = ['live-region', hidden ? 'visually-hidden' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div id={id} role={role === 'none' ? undefined : role} aria-live={role === 'alert' ? 'assertive' : 'polite'} aria-atomic="true" className={cls}>
      {children}
    </div>
  );
}
