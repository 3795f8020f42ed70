import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import styles from './Profile.module.css';

type CopyButtonProps = {
  /** What the value is, shown before it and in the button's accessible name ('Copy SM-DP+ address'). */
  label: string;
  /** The text shown and copied, left to right in every locale (an address, a code). */
  value: string;
};

/** How long 'Copied' stays visible. */
const SHOWN_MS = 3000;

/** A value with a button that copies it (Clipboard API) and says so in a visible status. */
export function CopyButton({ label, value }: CopyButtonProps) {
  const { t } = useTranslation('profile');
  const [status, setStatus] = useState<'' | 'copied' | 'copyFailed'>('');

  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(''), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no Clipboard API');
      await navigator.clipboard.writeText(value);
      setStatus('copied');
    } catch (err) {
      console.warn('profile: copy failed', err instanceof Error ? err.message : err);
      setStatus('copyFailed');
    }
  };

  return (
    <div className={styles.copyRow}>
      <dt>{label}</dt>
      <dd>
        <code className={styles.code} dir="ltr">
          {value}
        </code>
        <button type="button" className={styles.smallButton} onClick={() => void copy()} aria-label={t('copyLabel', { label })}>
          {t('copy')}
        </button>
        <span role="status" className={styles.copied}>
          {status ? t(status) : ''}
        </span>
      </dd>
    </div>
  );
}
