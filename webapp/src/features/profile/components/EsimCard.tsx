import { countryName } from '@/shared/i18n/countryName';
import { useLocale } from '@/shared/i18n/useLocale';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Esim, EsimBundle } from '@/shared/api/types';
import { Flag } from '@/shared/components/Flag';
import { currentPlatform, type Platform } from '@/shared/device/platform';
import { WhatsAppButton } from '@/shared/support/WhatsAppButton';
import { coveredCountries, originOf } from '../api/profile';
import { fromIPhoneLink, type ActivationCode } from '../api/lpa';
import { kitEsim } from '../api/installKit';
import { useQrCode } from '../hooks/useQrCode';
import { usageNotice } from '../api/usage';
import { CopyButton } from './CopyButton';
import { InstallLinks } from './InstallLinks';
import { PlanAccordion } from './PlanAccordion';
import { QrCode } from './QrCode';
import { SaveCardButton } from './SaveCardButton';
import { UsageNotice } from './UsageNotice';
import styles from './Profile.module.css';

/** topupPath is /topup-plans/:origin/:iccid/:accountId/:thirdpartyproviderid, or '' when incomplete. */
export function topupPath(esim: Esim, bundle: EsimBundle): string {
  const origin = originOf(bundle.countries);
  if (!origin || !esim.accountId) return '';
  const enc = encodeURIComponent;
  return `/topup-plans/${enc(origin)}/${enc(esim.iccid)}/${enc(esim.accountId)}/${bundle.thirdPartyProvider}`;
}

function activationCode(link: string): ActivationCode | null {
  try {
    return fromIPhoneLink(link);
  } catch {
    return null;
  }
}

const planName = (b: EsimBundle) => b.bundleDisplayName || b.description || b.name;

/** supportMessage is the WhatsApp text about one eSIM, in the customer's language: its ICCID and its plans. */
export function supportMessage(t: TFunction<'profile'>, iccid: string, bundles: readonly EsimBundle[]): string {
  const plans = [...new Set(bundles.map(planName).filter((n) => n.trim() !== ''))].join(', ');
  return plans ? t('whatsappAboutEsim', { iccid, plans }) : t('whatsappAboutEsimNoPlan', { iccid });
}

type EsimCardProps = {
  /** The eSIM (listEsimsByEmail): its ICCID, install links and activation code. */
  esim: Esim;
  /** The bundles of the current tab. */
  bundles: EsimBundle[];
  /** When the list was read (ms): the notices are as of then. The render time by default. */
  fetchedAt?: number;
  /** The device family, for the one-tap install link; read from the user agent by default. */
  platform?: Platform;
};

/**
 * One eSIM of the profile: QR code, install help (the one-tap link of this phone, or both
 * links elsewhere; copyable SM-DP+ address and activation code), usage notices, coverage,
 * its plans, the top-up action when a plan allows it, and a WhatsApp chat about it.
 */
export function EsimCard({ esim, bundles, fetchedAt, platform = currentPlatform() }: EsimCardProps) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const [renderedAt] = useState(() => Date.now());
  const asOf = fetchedAt || renderedAt;
  const code = activationCode(esim.linkOnIphone);
  const seen = new Set<string>();
  const coverage = coveredCountries(bundles.flatMap((b) => [...b.countries, ...b.roamingCountries])).filter((c) => {
    const k = c.name.trim().toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  const topupBundle = bundles.find((b) => b.canTopup && topupPath(esim, b));
  const topup = topupBundle ? topupPath(esim, topupBundle) : '';
  const notices = bundles.map((b) => ({ bundle: b, notice: usageNotice(b, asOf) })).filter((n) => n.notice.lowData || n.notice.expiresSoon);
  const headingId = `esim-${esim.iccid}`;
  // The same query as the QR code's own (one fetch): the install card prints it.
  const qr = useQrCode(esim.iccid, esim.base64QRCodeImage);
  const card = kitEsim(esim, bundles, qr.status === 'ready' ? qr.base64 : '');

  return (
    <article className={styles.esim} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.esimTitle}>
        <Trans t={t} i18nKey="esimTitle" values={{ iccid: esim.iccid }} components={{ iccid: <span className={styles.iccid} dir="ltr" /> }} />
      </h2>
      <div className={styles.esimBody}>
        <div className={styles.install}>
          <QrCode iccid={esim.iccid} base64={esim.base64QRCodeImage} />
          {code && <InstallLinks platform={platform} code={code} iPhoneLink={esim.linkOnIphone} />}
          {code && (
            <dl className={styles.codes}>
              <CopyButton label={t('smdpAddress')} value={code.smdp} />
              <CopyButton label={t('activationCode')} value={code.matchingId} />
            </dl>
          )}
          <SaveCardButton esim={card} />
        </div>
        <div className={styles.plans}>
          {notices.map(({ bundle, notice }, i) => (
            <UsageNotice key={`${bundle.bundleId}-${i}`} bundle={bundle} notice={notice} topup={topup} />
          ))}
          {coverage.length > 0 && (
            <div>
              <h3 id={`${headingId}-coverage`} className={styles.subhead}>
                {t('coverage')}
              </h3>
              <ul className={styles.coverage} aria-labelledby={`${headingId}-coverage`}>
                {coverage.map((c) => (
                  <li key={`${c.isoCode}-${c.name}`}>
                    <Flag code={c.isoCode} label="" size="sm" />
                    {locale === 'en' ? c.name : (countryName(c.isoCode, locale) ?? c.name)}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <h3 className={styles.subhead}>{t('plans')}</h3>
          {bundles.map((b, i) => (
            <PlanAccordion key={`${b.bundleId}-${i}`} iccid={esim.iccid} bundle={b} />
          ))}
          <div className={styles.actions}>
            {/* With a notice on the card, its own top-up button is the one. */}
            {topup && notices.length === 0 && (
              <Link className={styles.primaryLink} to={topup}>
                {t('usageTopUp')}
              </Link>
            )}
            <WhatsAppButton message={supportMessage(t, esim.iccid, bundles)} context={t('whatsappContext', { iccid: esim.iccid })} />
          </div>
        </div>
      </div>
    </article>
  );
}
