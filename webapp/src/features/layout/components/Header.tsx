import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import type { CurrentUser } from '@/shared/api/types';
import { LanguageSwitcher } from '@/shared/i18n/LanguageSwitcher';
import { useLocale } from '@/shared/i18n/useLocale';
import { AccountMenu } from './AccountMenu';
import { beirutDay, formatDateLine, isFaqActive } from './navRules';
import { SocialLinks } from './SocialLinks';
import styles from './Layout.module.css';

export type HeaderViewProps = {
  brand: string;
  /** Today, for the date line; null leaves it empty (a prerendered page before hydration). */
  now: Date | null;
  loggedIn: boolean;
  user: CurrentUser | null;
  onLogout: () => void;
};

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${styles.navLink} ${styles.active}` : styles.navLink);

/** The header of every page (spec section 2), without data fetching. */
export function HeaderView({ brand, now, loggedIn, user, onLogout }: HeaderViewProps) {
  const { t } = useTranslation('layout');
  const locale = useLocale();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const faqActive = isFaqActive(pathname);
  const close = () => setMenuOpen(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const [openedAt, setOpenedAt] = useState(pathname);
  // A route change closes the phone menu (it would cover the new page).
  if (menuOpen && openedAt !== pathname) {
    setMenuOpen(false);
    setOpenedAt(pathname);
  }

  // The phone menu covers the page: Escape closes it and returns focus to its button;
  // focus or a click leaving the menu closes it (WCAG 2.4.11, 3.2.1).
  useEffect(() => {
    if (!menuOpen) return;
    const inside = (t: EventTarget | null) => t instanceof Node && (nav.current?.contains(t) || toggle.current?.contains(t));
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    const onFocus = (e: FocusEvent) => {
      if (!inside(e.target)) setMenuOpen(false);
    };
    const onDown = (e: MouseEvent) => {
      if (!inside(e.target)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    document.addEventListener('mousedown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('mousedown', onDown);
    };
  }, [menuOpen]);

  return (
    <header className={styles.header}>
      <div className={`${styles.topBar} surface-dark`}>
        <p className={styles.dateLine}>
          {now && <time dateTime={beirutDay(now)}>{formatDateLine(now, locale)}</time>}
        </p>
        <div className={styles.topBarEnd}>
          <LanguageSwitcher tone="light" />
          <SocialLinks tone="light" />
        </div>
      </div>
      <div className={styles.mainBar}>
        <Link to="/" className={styles.brand} aria-label={t('homeLink', { brand })}>
          <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
            <rect width="32" height="32" rx="7" fill="currentColor" />
            <path d="M16 5l6 9h-4l5 7h-5v6h-4v-6H9l5-7h-4z" fill="#fff" />
          </svg>
          <span>{brand}</span>
        </Link>
        <button
          ref={toggle}
          type="button"
          className={styles.menuToggle}
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => {
            setOpenedAt(pathname);
            setMenuOpen((o) => !o);
          }}
        >
          <span className="visually-hidden">{t('menu')}</span>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <nav ref={nav} id="site-nav" aria-label={t('mainNav')} className={`${styles.nav} ${menuOpen ? styles.navOpen : ''}`}>
          <ul className={styles.navList}>
            <li>
              <NavLink to="/plans" className={navClass} onClick={close}>
                {t('navPlans')}
              </NavLink>
            </li>
            <li>
              <NavLink to="/setup-guide" className={navClass} onClick={close}>
                {t('navSetupGuide')}
              </NavLink>
            </li>
            <li>
              {/* Active for any path containing faq, not only /faq and below. */}
              <NavLink
                to="/faq"
                className={faqActive ? `${styles.navLink} ${styles.active}` : styles.navLink}
                aria-current={faqActive ? 'page' : undefined}
                onClick={close}
              >
                {t('navFaq')}
              </NavLink>
            </li>
            <li>
              <NavLink to="/contactus" className={navClass} onClick={close}>
                {t('navContact')}
              </NavLink>
            </li>
          </ul>
          <div className={styles.actions}>
            <Link to="/plans" className={styles.buyNow} onClick={close}>
              {t('buyNow')}
            </Link>
            <AccountMenu loggedIn={loggedIn} user={user} onLogout={onLogout} />
          </div>
        </nav>
      </div>
    </header>
  );
}
