import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CurrentUser } from '@/shared/api/types';
import { accountLabel } from './navRules';
import styles from './Layout.module.css';

type AccountMenuProps = {
  /** A registered customer is logged in. */
  loggedIn: boolean;
  user: CurrentUser | null;
  onLogout: () => void;
};

/**
 * The header's account menu (spec section 2): logged out, a 'My Account' link to /login;
 * logged in, a button with the full name opening a menu with the e-mail, 'My eSIMs',
 * 'Buy new eSIM' and 'Logout'.
 */
export function AccountMenu({ loggedIn, user, onLogout }: AccountMenuProps) {
  const { t } = useTranslation('layout');
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) {
        // The phone menu around this one must not also close and take focus away.
        e.preventDefault();
        setOpen(false);
        button.current?.focus();
      }
    };
    // Focus leaving the menu (Tab past Logout, Shift+Tab before the button) closes it (2.4.11).
    const onFocusOut = (e: FocusEvent) => {
      if (!(e.relatedTarget instanceof Node && root.current?.contains(e.relatedTarget))) setOpen(false);
    };
    const el = root.current;
    el?.addEventListener('focusout', onFocusOut);
    document.addEventListener('mousedown', onDown);
    // Capture: runs before the phone menu's own Escape handler, which then stays open.
    document.addEventListener('keydown', onKey, true);
    return () => {
      el?.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [open]);

  if (!loggedIn) {
    return (
      <Link className={styles.accountButton} to="/login">
        {t('myAccount')}
      </Link>
    );
  }

  const close = () => setOpen(false);
  return (
    <div className={styles.account} ref={root}>
      <button
        ref={button}
        type="button"
        className={styles.accountButton}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        {accountLabel(user, t('myAccount'))}
        <span aria-hidden="true" className={styles.caret}>
          ▾
        </span>
      </button>
      {open && (
        <div id={menuId} className={styles.accountMenu}>
          {user?.email && <p className={styles.accountEmail}>{user.email}</p>}
          <ul>
            <li>
              <Link to="/profile" onClick={close}>
                {t('myEsims')}
              </Link>
            </li>
            <li>
              <Link to="/plans" onClick={close}>
                {t('buyNewEsim')}
              </Link>
            </li>
            <li>
              <Link
                to="/login"
                onClick={() => {
                  close();
                  onLogout();
                }}
              >
                {t('logout')}
              </Link>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
