import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession, useSessionStore } from '@/shared/api/ApiContext';
import { isRegistered } from '@/shared/api/session';
import { useConfig } from '@/shared/config/ConfigContext';
import { useRouteFocus } from '@/shared/focus/focus';
import { BUILD_YEAR, useHydrated } from '@/shared/prerender/hydration';
import type { CurrentUser } from '@/shared/api/types';
import { QueryGate } from '@/shared/query/QueryProvider';
import { Footer } from './Footer';
import { HeaderView } from './Header';
import { redirectFor } from './navRules';
import styles from './Layout.module.css';

/** Scrolls to the top on every route change (spec section 2). */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}

const WithCurrentUser = lazy(() => import('./WithCurrentUser').then((m) => ({ default: m.WithCurrentUser })));

/**
 * Header with the live session and, for a signed-in customer, the current user: looked up
 * in a lazily loaded part (with TanStack Query) that hands the user up, the header showing
 * no name until then. The header itself stays mounted while that part loads, so a menu the
 * traveller opened meanwhile stays open and keeps its focus.
 */
export function Header({ now }: { now?: Date }) {
  const { brand } = useConfig();
  // Logout clears the stored session (spec section 4): the frame needs no API client for it.
  const store = useSessionStore();
  const session = useSession();
  const [today] = useState(() => now ?? new Date());
  // A prerendered page hydrates as the build rendered it: a visitor's header without the
  // date; the stored session and today's date follow right after.
  const hydrated = useHydrated();
  const loggedIn = hydrated && isRegistered(session);
  const [user, setUser] = useState<CurrentUser | null>(null);
  return (
    <>
      <HeaderView brand={brand} now={now ?? (hydrated ? today : null)} loggedIn={loggedIn} user={loggedIn ? user : null} onLogout={() => store.clear()} />
      {loggedIn && (
        <Suspense fallback={null}>
          <QueryGate>
            <WithCurrentUser onUser={setUser} />
          </QueryGate>
        </Suspense>
      )}
    </>
  );
}

/**
 * The page frame: skip link, header, the page, footer; and the session redirects. After a
 * route change focus moves to the new page's h1 (useRouteFocus).
 */
export function Layout({ children, now }: { children?: ReactNode; now?: Date }) {
  const { brand } = useConfig();
  const { t } = useTranslation('layout');
  const main = useRef<HTMLElement>(null);
  useRouteFocus(main);
  const { pathname, search } = useLocation();
  const session = useSession();
  const target = redirectFor(pathname, isRegistered(session), search);
  const [thisYear] = useState(() => (now ?? new Date()).getFullYear());
  // The build's year until a prerendered page has hydrated (the same one unless a New Year
  // came between the build and the visit).
  const year = useHydrated() || now ? thisYear : BUILD_YEAR;
  return (
    <div className={styles.shell}>
      <a href="#main" className={`${styles.skipLink} surface-dark`}>
        {t('skipToContent')}
      </a>
      <ScrollToTop />
      <Header now={now} />
      <main id="main" ref={main} className={styles.main} tabIndex={-1}>
        {target ? <Navigate to={target} replace /> : (children ?? <Outlet />)}
      </main>
      <Footer brand={brand} year={year} />
    </div>
  );
}
