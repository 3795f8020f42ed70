import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * focusElement moves keyboard and screen-reader focus to el. A heading or region that is
 * not focusable gets tabindex=-1 first (focusable by script, not in the Tab order). The
 * page does not jump: route changes scroll to the top themselves.
 */
export function focusElement(el: HTMLElement | null | undefined): boolean {
  if (!el) return false;
  if (el.tabIndex < 0 && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
  return document.activeElement === el;
}

/**
 * The element a route change lands on: the element marked data-route-focus in main, else
 * main's first h1, else main itself.
 */
export function routeFocusTarget(main: HTMLElement): HTMLElement {
  return main.querySelector<HTMLElement>('[data-route-focus]') ?? main.querySelector<HTMLElement>('h1') ?? main;
}

/**
 * useRouteFocus moves focus to the new page's heading after every client-side route change
 * (WCAG 2.4.3): without it focus stays on the link that was pressed, now gone, and falls to
 * the body. The first page load keeps the browser's start (the skip link comes first).
 * Only path changes count: a query or hash change on the same page (a dialog anchor,
 * search parameters) leaves focus where the user is.
 */
export function useRouteFocus(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const last = useRef(pathname);
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    const el = main.current;
    if (!el) return;
    // A page still loading its heading (lazy parts, redirects) gets one more frame.
    const target = routeFocusTarget(el);
    if (target !== el || el.querySelector('h1')) {
      focusElement(target);
      return;
    }
    const frame = requestAnimationFrame(() => focusElement(routeFocusTarget(el)));
    return () => cancelAnimationFrame(frame);
  }, [pathname, main]);
}

/**
 * useFocusOnChange focuses ref's element whenever key changes after the first render: the
 * next step of a multi-step form (the code field after 'Verify your E-mail', the payment
 * step after the code). With initial, the first render focuses too (a page reached from
 * another site, e.g. the payment result).
 */
export function useFocusOnChange(ref: RefObject<HTMLElement | null>, key: unknown, initial = false): void {
  const first = useRef(true);
  useLayoutEffect(() => {
    const isFirst = first.current;
    first.current = false;
    if (isFirst && !initial) return;
    focusElement(ref.current);
  }, [ref, key, initial]);
}
