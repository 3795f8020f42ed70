import styles from './Spinner.module.css';

type SpinnerProps = {
  /** What is loading, read by screen readers. */
  label?: string;
};

/** A busy indicator announced politely to assistive technology. */
export function Spinner({ label = 'Loading' }: SpinnerProps) {
  return (
    <div className={styles.wrap} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
