import { useTranslation } from 'react-i18next';
import styles from './LoadError.module.css';

export type LoadErrorProps = {
  /** What could not be loaded, in a sentence: 'The plans could not be loaded.' */
  message: string;
  /** Loads again (a TanStack Query refetch); the caller shows its spinner meanwhile. */
  onRetry: () => void;
  /** The Retry button's text; the shared catalogue's 'Retry' by default. */
  retryLabel?: string;
};

/**
 * LoadError is what a failed load shows, never an empty state: what failed and a Retry
 * button. It is an alert, so a screen reader hears it when it replaces the spinner.
 */
export function LoadError({ message, onRetry, retryLabel }: LoadErrorProps) {
  const { t } = useTranslation('shared');
  return (
    <div role="alert" className={styles.error}>
      <p className={styles.text}>{message}</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        {retryLabel ?? t('retry')}
      </button>
    </div>
  );
}
