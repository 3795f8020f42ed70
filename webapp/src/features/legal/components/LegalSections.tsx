import { Fragment } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { INTL_LOCALES } from '@/shared/i18n/locales';
import { useLocale } from '@/shared/i18n/useLocale';
import styles from './Legal.module.css';

/** When both texts were last changed (spec section 2: May 31, 2024). */
const UPDATED = Date.UTC(2024, 4, 31);

/** The 'Last updated' line, the date written the page's way. */
export function Updated() {
  const { t } = useTranslation('legal');
  const locale = useLocale();
  const date = new Intl.DateTimeFormat(INTL_LOCALES[locale], { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(UPDATED);
  return <p className={styles.updated}>{t('updated', { date })}</p>;
}

/**
 * Numbered sections of a legal text from the legal catalogue: `<doc><n>Heading` and its
 * paragraphs `<doc><n>P<m>`; paragraphs may hold <email> and <phone> links.
 */
export function LegalSections({ doc, paragraphs, email, phone = '', brand = '' }: { doc: 'terms' | 'privacy'; paragraphs: readonly number[]; email: string; phone?: string; brand?: string }) {
  const { t } = useTranslation('legal');
  // Trans puts the address inside the link: it has content when rendered.
  // eslint-disable-next-line jsx-a11y/anchor-has-content
  const components = { email: <a href={`mailto:${email}`} dir="ltr" />, phone: <bdi /> };
  return (
    <>
      {paragraphs.map((count, i) => {
        const n = i + 1;
        const key = (part: string) => `${doc}${n}${part}` as 'updated';
        return (
          <Fragment key={n}>
            <h2>{t(key('Heading'))}</h2>
            {Array.from({ length: count }, (_, j) => (
              <p key={j}>
                <Trans t={t} i18nKey={key(`P${j + 1}`)} values={{ brand, email, phone }} components={components} />
              </p>
            ))}
          </Fragment>
        );
      })}
    </>
  );
}
