import { consumption, formatBytesGB, formatUsedMB } from '@/shared/format/format';
import styles from './Profile.module.css';

type ConsumptionBarProps = { initialQuantity: number; remainingQuantity: number; unlimited: boolean };

/**
 * Data used on a plan: (initial - remaining) / initial * 100, 0 when initial is 0
 * (spec section 5), as a progressbar; unlimited plans read 'Unlimited'.
 */
export function ConsumptionBar({ initialQuantity, remainingQuantity, unlimited }: ConsumptionBarProps) {
  const c = consumption(initialQuantity, remainingQuantity, unlimited);
  if (unlimited) return <p className={styles.unlimited}>{c.text}</p>;
  const used = formatUsedMB(initialQuantity, remainingQuantity);
  const total = formatBytesGB(initialQuantity);
  return (
    <div className={styles.consumption}>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label="Data used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={c.percent}
        aria-valuetext={`${c.text} used`}
      >
        <span className={styles.barFill} style={{ width: `${c.percent}%` }} />
      </div>
      <p className={styles.barText}>
        {used} used of {total} ({c.text})
      </p>
    </div>
  );
}
