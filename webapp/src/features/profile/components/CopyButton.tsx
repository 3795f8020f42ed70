import { useEffect, useState } from 'react';
import styles from './Profile.module.css';

type CopyButtonProps = { label: string; value: string };

/** How long 'Copied' stays visible. */
const SHOWN_MS = 3000;

/** A value with a button that copies it (Clipboard API) and says so in a visible status. */
export function CopyButton({ label, value }: CopyButtonProps) {
  const [status, setStatus] = useState<'' | 'Copied' | 'Copy failed'>('');

  useEffect(() => {
    if (!status) return;
    const t = setTimeout(() => setStatus(''), SHOWN_MS);
    return () => clearTimeout(t);
  }, [status]);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no Clipboard API');
      await navigator.clipboard.writeText(value);
      setStatus('Copied');
    } catch (err) {
      console.warn('profile: copy failed', err instanceof Error ? err.message : err);
      setStatus('Copy failed');
    }
  };

  return (
    <div className={styles.copyRow}>
      <dt>{label}</dt>
      <dd>
        <code className={styles.code}>{value}</code>
        <button type="button" className={styles.smallButton} onClick={() => void copy()} aria-label={`Copy ${label}`}>
          Copy
        </button>
        <span role="status" className={styles.copied}>
          {status}
        </span>
      </dd>
    </div>
  );
}
