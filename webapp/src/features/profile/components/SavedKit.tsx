import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentPlatform } from '@/shared/device/platform';
import { formatInstant } from '@/shared/format/format';
import type { Locale } from '@/shared/i18n/locales';
import { useLocale } from '@/shared/i18n/useLocale';
import type { InstallKit, KitEsim, KitPlan } from '@/shared/offline/installKit';
import { instant } from '../api/profile';
import { CopyButton } from './CopyButton';
import { InstallLinks } from './InstallLinks';
import { SaveCardButton } from './SaveCardButton';
import styles from './Profile.module.css';

type T = ReturnType<typeof useTranslation<'profile'>>['t'];

/** planValidity says how long a saved plan runs: its end, or that it has not started. */
function planValidity(p: KitPlan, t: T, locale: Locale): string {
  const end = instant(p.endTime);
  if (end !== null) return t('kitValidUntil', { date: formatInstant(end, locale) });
  return instant(p.startTime) === null ? t('kitNotStarted') : '';
}

function SavedEsim({ esim, saved }: { esim: KitEsim; saved: string }) {
  const { t } = useTranslation('profile');
  const [platform] = useState(currentPlatform);
  const locale = useLocale();
  const headingId = `saved-esim-${esim.iccid}`;
  return (
    <article className={styles.esim} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.esimTitle}>
        eSIM <span className={styles.iccid}>{esim.iccid}</span>
      </h2>
      <div className={styles.esimBody}>
        <div className={styles.install}>
          <div className={styles.qr}>
            {esim.qrPng ? (
              <img src={`data:image/png;base64,${esim.qrPng}`} alt={t('kitQrAlt', { iccid: esim.iccid })} width={180} height={180} />
            ) : (
              <p className={styles.muted}>{t('kitQrMissing')}</p>
            )}
          </div>
          {esim.lpa && (
            <dl className={styles.codes}>
              <CopyButton label={t('kitSmdp')} value={esim.smdp} />
              <CopyButton label={t('kitActivationCode')} value={esim.activationCode} />
            </dl>
          )}
          {/* The same one-tap links as online: this phone's, or both elsewhere. */}
          {esim.lpa && <InstallLinks platform={platform} code={{ smdp: esim.smdp, matchingId: esim.activationCode }} iPhoneLink={esim.iosLink} />}
          <SaveCardButton esim={esim} saved={saved} />
        </div>
        <div className={styles.plans}>
          <h3 className={styles.subhead}>{t('kitPlans')}</h3>
          <ul className={styles.savedPlans}>
            {esim.plans.map((p, i) => {
              const validity = planValidity(p, t, locale);
              return (
                <li key={`${p.name}-${i}`}>
                  <span className={styles.planName}>{p.name || t('kitPlan')}</span>
                  {validity && <span className={styles.muted}>{validity}</span>}
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </article>
  );
}

type SavedKitProps = {
  kit: InstallKit;
  /** "Saved …" in the customer's locale. */
  saved: string;
};

/** The install kit saved on this device: each eSIM's QR code, codes, install links and plans. */
export function SavedKit({ kit, saved }: SavedKitProps) {
  const { t } = useTranslation('profile');
  if (kit.esims.length === 0) return <p className={styles.empty}>{t('kitEmpty')}</p>;
  return (
    <section aria-labelledby="saved-kit-title">
      <h2 id="saved-kit-title" className={styles.savedTitle}>
        {t('kitTitle')}
      </h2>
      <p className={styles.savedAt}>{saved}</p>
      <div className={styles.esims}>
        {kit.esims.map((e) => (
          <SavedEsim key={e.iccid} esim={e} saved={saved} />
        ))}
      </div>
    </section>
  );
}
