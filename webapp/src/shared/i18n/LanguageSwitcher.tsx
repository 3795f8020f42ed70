import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLocale, LOCALE_NAMES, LOCALES, rememberLocale } from './locales';
import { useLocale } from './useLocale';
import styles from './LanguageSwitcher.module.css';

/**
 * The header's language switcher: a native select (keyboard and screen readers know it),
 * each language named in itself. The choice is remembered, and a `?lang=` in the address
 * follows it so a reload or a shared link keeps the language.
 */
export function LanguageSwitcher({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const { t, i18n } = useTranslation('shared');
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const id = useId();
  return (
    <div className={`${styles.switcher} ${tone === 'light' ? styles.light : ''}`}>
      <label htmlFor={id} className={styles.label}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M3 12h18M12 3c2.8 3 2.8 15 0 18M12 3c-2.8 3-2.8 15 0 18" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
        <span className="visually-hidden">{t('language')}</span>
      </label>
      <select
        id={id}
        className={styles.select}
        value={locale}
        onChange={(e) => {
          const next = e.target.value;
          if (!isLocale(next)) return;
          rememberLocale(typeof window === 'undefined' ? undefined : window.localStorage, next);
          if (params.has('lang')) {
            setParams(
              (p) => {
                p.set('lang', next);
                return p;
              },
              { replace: true, preventScrollReset: true },
            );
          }
          void i18n.changeLanguage(next);
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
