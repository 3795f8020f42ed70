import type { InstallKit, KitEsim, KitPlan } from '@/shared/offline/installKit';
import { formatDateText } from '@/shared/format/format';
import { CopyButton } from './CopyButton';
import { SaveCardButton } from './SaveCardButton';
import styles from './Profile.module.css';

/** planValidity says how long a saved plan runs. */
function planValidity(p: KitPlan): string {
  const end = formatDateText(p.endTime);
  if (end) return `Valid until ${end}`;
  return formatDateText(p.startTime) ? '' : 'Not started';
}

function SavedEsim({ esim, saved }: { esim: KitEsim; saved: string }) {
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
              <img src={`data:image/png;base64,${esim.qrPng}`} alt={`QR code to install the eSIM ${esim.iccid}`} width={180} height={180} />
            ) : (
              <p className={styles.muted}>The QR code is not available yet.</p>
            )}
          </div>
          {esim.lpa && (
            <dl className={styles.codes}>
              <CopyButton label="SM-DP+ address" value={esim.smdp} />
              <CopyButton label="Activation code" value={esim.activationCode} />
            </dl>
          )}
          {(esim.iosLink || esim.androidLink) && (
            <ul className={styles.installLinks}>
              {esim.iosLink && (
                <li>
                  <a href={esim.iosLink}>Install on iPhone</a>
                </li>
              )}
              {esim.androidLink && (
                <li>
                  <a href={esim.androidLink}>Install on Android</a>
                </li>
              )}
            </ul>
          )}
          <SaveCardButton esim={esim} saved={saved} />
        </div>
        <div className={styles.plans}>
          <h3 className={styles.subhead}>Plans</h3>
          <ul className={styles.savedPlans}>
            {esim.plans.map((p, i) => {
              const validity = planValidity(p);
              return (
                <li key={`${p.name}-${i}`}>
                  <span className={styles.planName}>{p.name || 'Plan'}</span>
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
  if (kit.esims.length === 0) return <p className={styles.empty}>No install details are saved on this device.</p>;
  return (
    <section aria-labelledby="saved-kit-title">
      <h2 id="saved-kit-title" className={styles.savedTitle}>
        Install details saved on this device
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
