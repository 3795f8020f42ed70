import { Link } from 'react-router';
import type { Esim, EsimBundle } from '@/shared/api/types';
import { Flag } from '@/shared/components/Flag';
import { coveredCountries, originOf } from '../api/profile';
import { fromIPhoneLink, type ActivationCode } from '../api/lpa';
import { kitEsim } from '../api/installKit';
import { useQrCode } from '../hooks/useQrCode';
import { CopyButton } from './CopyButton';
import { PlanAccordion } from './PlanAccordion';
import { QrCode } from './QrCode';
import { SaveCardButton } from './SaveCardButton';
import styles from './Profile.module.css';

/** isIOS tells an iPhone, iPad or iPod (iPadOS reports a Mac with a touch screen). */
export function isIOS(userAgent: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

const deviceIsIOS = () => typeof navigator !== 'undefined' && isIOS(navigator.userAgent, navigator.maxTouchPoints ?? 0);

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

type EsimCardProps = {
  esim: Esim;
  /** The bundles of the current tab. */
  bundles: EsimBundle[];
  /** Whether this device is an iPhone; read from the user agent by default. */
  ios?: boolean;
};

/**
 * One eSIM of the profile: QR code, install help (iPhone link, copyable SM-DP+ address and
 * activation code), coverage, its plans, and the top-up action when a plan allows it.
 */
export function EsimCard({ esim, bundles, ios = deviceIsIOS() }: EsimCardProps) {
  const code = activationCode(esim.linkOnIphone);
  const seen = new Set<string>();
  const coverage = coveredCountries(bundles.flatMap((b) => [...b.countries, ...b.roamingCountries])).filter((c) => {
    const k = c.name.trim().toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  const topupBundle = bundles.find((b) => b.canTopup && topupPath(esim, b));
  const headingId = `esim-${esim.iccid}`;
  // The same query as the QR code's own (one fetch): the install card prints it.
  const qr = useQrCode(esim.iccid, esim.base64QRCodeImage);
  const card = kitEsim(esim, bundles, qr.status === 'ready' ? qr.base64 : '');

  return (
    <article className={styles.esim} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.esimTitle}>
        eSIM <span className={styles.iccid}>{esim.iccid}</span>
      </h2>
      <div className={styles.esimBody}>
        <div className={styles.install}>
          <QrCode iccid={esim.iccid} base64={esim.base64QRCodeImage} />
          {ios && code && (
            <a className={styles.primaryLink} href={esim.linkOnIphone}>
              Install on this iPhone
            </a>
          )}
          {code && (
            <dl className={styles.codes}>
              <CopyButton label="SM-DP+ address" value={code.smdp} />
              <CopyButton label="Activation code" value={code.matchingId} />
            </dl>
          )}
          <SaveCardButton esim={card} />
        </div>
        <div className={styles.plans}>
          {coverage.length > 0 && (
            <div>
              <h3 className={styles.subhead}>Coverage</h3>
              <ul className={styles.coverage}>
                {coverage.map((c) => (
                  <li key={`${c.isoCode}-${c.name}`}>
                    <Flag code={c.isoCode} label="" size="sm" />
                    {c.name}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <h3 className={styles.subhead}>Plans</h3>
          {bundles.map((b, i) => (
            <PlanAccordion key={`${b.bundleId}-${i}`} iccid={esim.iccid} bundle={b} />
          ))}
          {topupBundle && (
            <Link className={styles.primaryLink} to={topupPath(esim, topupBundle)}>
              Top up this eSIM
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
