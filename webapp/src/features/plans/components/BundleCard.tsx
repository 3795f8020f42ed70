import { memo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { cardCoverage, coveredCountries, formatPrice, formatQuota, formatValidity } from '@/shared/format/format';
import { useAreaNames } from '@/shared/i18n/areaNames';
import type { Bundle } from '../api/types';
import { Dialog } from './Dialog';
import { BundleSummary } from '@/shared/components/BundleSummary';
import { Flag } from '@/shared/components/Flag';
import { countryName } from '@/shared/i18n/countryName';
import { useLocale } from '@/shared/i18n/useLocale';
import styles from './Plans.module.css';
import dialogStyles from './Dialog.module.css';

type Popup = 'none' | 'info' | 'coverage';

/** The id (and URL anchor) of a bundle's device-compatibility popup. */
export const compatAnchor = (bundleId: string) => `popup1${bundleId}`;

export type BundleCardProps = {
  /**
   * The plan (a catalogue bundle): its flag, title, quota, validity, price, covered countries
   * and fair-use text are shown as they are; a null price shows the price as unavailable.
   */
  bundle: Bundle;
};

/**
 * A bundle card: flag, title, quota, validity, price, up to 5 coverage flags plus '+N',
 * and the More Info, coverage and device-compatibility popups.
 */
export const BundleCard = memo(function BundleCard({ bundle }: BundleCardProps) {
  const { t } = useTranslation('plans');
  const { t: ts } = useTranslation('shared');
  const locale = useLocale();
  const names = useAreaNames();
  const nameOf = (c: { isoCode: string; name: string }) => (locale === 'en' ? c.name : (countryName(c.isoCode, locale) ?? c.name));
  const navigate = useNavigate();
  const { hash, search } = useLocation();
  const anchor = compatAnchor(bundle.id);
  // The compatibility popup lives in the URL (spec section 2: anchor #popup1<bundleId>):
  // opening it adds the hash (so the link can be shared, and Back closes it), a URL with
  // the hash opens it on arrival, and closing clears the hash. Path and query stay.
  const compatOpen = hash === `#${anchor}`;
  const openCompat = () => void navigate({ search, hash: anchor });
  const closeCompat = () => void navigate({ search, hash: '' }, { replace: true });
  const [popup, setPopup] = useState<Popup>('none');
  const close = () => setPopup('none');

  // The same name check as the profile's coverage (one shared rule): placeholder and
  // empty names are not listed, nor counted in '+N'.
  const coverage = coveredCountries(bundle.roamingCountries ?? []);
  const { shown, more } = cardCoverage(coverage.length);
  const title = names.bundleTitle(bundle);

  return (
    <article className={styles.card} aria-label={title}>
      <BundleSummary bundle={bundle} level={3} />
      {coverage.length > 0 && (
        <div className={styles.coverage}>
          <span className={styles.coverageLabel}>{t('coverage')}</span>
          <ul className={styles.coverageFlags}>
            {coverage.slice(0, shown).map((c) => (
              <li key={c.isoCode}>
                <Flag code={c.isoCode} label={nameOf(c)} size="sm" />
              </li>
            ))}
          </ul>
          {more ? (
            <button
              type="button"
              className={styles.more}
              aria-haspopup="dialog"
              aria-label={t('showAllCountries', { more, count: coverage.length })}
              onClick={() => setPopup('coverage')}
            >
              {more}
            </button>
          ) : (
            <button type="button" className={styles.linkButton} aria-haspopup="dialog" onClick={() => setPopup('coverage')}>
              {t('seeCountries')}
            </button>
          )}
        </div>
      )}
      <div className={styles.cardActions}>
        <button type="button" className={styles.linkButton} aria-haspopup="dialog" onClick={() => setPopup('info')}>
          {t('moreInfo')}
        </button>
        <a
          className={styles.buy}
          href={`#${anchor}`}
          aria-haspopup="dialog"
          onClick={(e) => {
            e.preventDefault();
            openCompat();
          }}
        >
          {t('buyNow')}
          <span className="visually-hidden">: {title}</span>
        </a>
      </div>

      {popup === 'info' && (
        <Dialog title={title} onClose={close}>
          <dl className={styles.infoList}>
            <div>
              <dt>{ts('data')}</dt>
              <dd>{formatQuota(bundle.quotaInMB, locale)}</dd>
            </div>
            <div>
              <dt>{ts('validity')}</dt>
              <dd>{t('validityStarts', { validity: formatValidity(bundle.durationInDays, locale) })}</dd>
            </div>
            <div>
              <dt>{ts('price')}</dt>
              <dd>
                <bdi>{formatPrice(bundle.price, locale)}</bdi>
              </dd>
            </div>
            <div>
              <dt>{t('planType')}</dt>
              <dd>{t('dataOnly')}</dd>
            </div>
            <div>
              <dt>{t('topup')}</dt>
              <dd>{bundle.canTopup ? t('canTopup') : t('cannotTopup')}</dd>
            </div>
            {bundle.fupMsg && (
              <div>
                <dt>{t('fairUse')}</dt>
                <dd>{bundle.fupMsg}</dd>
              </div>
            )}
          </dl>
        </Dialog>
      )}

      {popup === 'coverage' && (
        <Dialog title={t('coveredCountries', { title })} onClose={close}>
          <ul className={styles.coverageList}>
            {coverage.map((c) => (
              <li key={c.isoCode}>
                <Flag code={c.isoCode} label="" size="sm" />
                <span>{nameOf(c)}</span>
              </li>
            ))}
          </ul>
        </Dialog>
      )}

      {compatOpen && (
        <Dialog
          id={anchor}
          title={t('compatTitle')}
          onClose={closeCompat}
          actions={
            <button type="button" className={dialogStyles.primary} onClick={() => navigate(`/cart/${encodeURIComponent(bundle.id)}`)}>
              {t('yesContinue')}
            </button>
          }
        >
          <p>{t('compatUnlocked')}</p>
          <p>
            <Trans t={t} i18nKey="compatCheck" components={{ code: <strong dir="ltr" /> }} />
          </p>
        </Dialog>
      )}
    </article>
  );
});
