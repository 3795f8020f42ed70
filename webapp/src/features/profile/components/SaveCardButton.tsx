import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '@/shared/config/ConfigContext';
import type { KitEsim } from '@/shared/offline/installKit';
import styles from './Profile.module.css';

type SaveCardButtonProps = {
  esim: KitEsim;
  /** The "Saved …" line printed on the card; '' for none. */
  saved?: string;
};

type Status = 'idle' | 'busy' | 'done' | 'error';

/**
 * "Save install card": draws a PNG with the QR code and the codes (SM-DP+ address,
 * activation code, ICCID, plan) in the browser and downloads it. The drawing code loads on
 * the first click (a separate chunk, precached for offline use).
 */
export function SaveCardButton({ esim, saved = '' }: SaveCardButtonProps) {
  const { brand } = useConfig();
  const { t } = useTranslation('profile');
  const [status, setStatus] = useState<Status>('idle');

  const save = async () => {
    setStatus('busy');
    try {
      const { downloadInstallCard } = await import('../card/installCard');
      const dir = document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr';
      await downloadInstallCard({
        esim,
        brand,
        dir,
        texts: {
          title: t('kitCardTitle'),
          smdp: t('kitSmdp'),
          activationCode: t('kitActivationCode'),
          iccid: t('kitIccid'),
          plan: t('kitPlan'),
          saved,
        },
      });
      setStatus('done');
    } catch (err) {
      console.warn('profile: install card not made', err instanceof Error ? err.message : err);
      setStatus('error');
    }
  };

  return (
    <div className={styles.saveCard}>
      <button type="button" className={styles.smallButton} onClick={() => void save()} disabled={status === 'busy'} aria-describedby={`card-status-${esim.iccid}`}>
        {t('kitSaveCard')}
      </button>
      <span id={`card-status-${esim.iccid}`} role="status" className={status === 'error' ? styles.error : styles.copied}>
        {status === 'busy' && t('kitSaveCardBusy')}
        {status === 'done' && t('kitSaveCardDone')}
        {status === 'error' && t('kitSaveCardError')}
      </span>
    </div>
  );
}
