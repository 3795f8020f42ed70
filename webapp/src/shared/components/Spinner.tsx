import { useTranslation } from 'react-i18next';
import styles from './Spinner.module.css';

type SpinnerProps = {
  /** What is loading, read by screen readers. */
  label?: string;
  /**
   * Only the picture: the caller announces the progress itself in a live region that was
   * there before (LiveRegion), which screen readers hear reliably.
   */
  quiet?: boolean;
};

/** A busy indicator announced politely to assistive technology. */
export function Spinner({ label, quiet = false }: SpinnerProps) {
  const { t } = useTranslation('shared');
  if (quiet) {
    return (
      <div className={styles.wrap} aria-hidden="true">
        <span className={styles.spinner} />
      </div>
    );
  }
  return (
    <div className={styles.wrap} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('loading')}</span>
    </div>
  );
}
