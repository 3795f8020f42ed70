import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/useLocale';
import { consumption, formatBytesGB, formatUsedMB } from '@/shared/format/format';
import styles from './Profile.module.css';

type ConsumptionBarProps = {
  /** The plan's data allowance in bytes (the API's initialQuantity); 0 reads as 0 % used. */
  initialQuantity: number;
  /** Bytes left on the plan (the API's remainingQuantity). */
  remainingQuantity: number;
  /** An unlimited plan shows 'Unlimited' instead of a bar. */
  unlimited: boolean;
};

/**
 * Data used on a plan: (initial - remaining) / initial * 100, 0 when initial is 0
 * (spec section 5), as a progressbar; unlimited plans read 'Unlimited'.
 */
export function ConsumptionBar({ initialQuantity, remainingQuantity, unlimited }: ConsumptionBarProps) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const c = consumption(initialQuantity, remainingQuantity, unlimited, locale);
  if (unlimited) return <p className={styles.unlimited}>{c.text}</p>;
  const used = formatUsedMB(initialQuantity, remainingQuantity, locale);
  const total = formatBytesGB(initialQuantity, locale);
  return (
    <div className={styles.consumption}>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label={t('dataUsed')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={c.percent}
        aria-valuetext={t('percentUsed', { percent: c.text })}
      >
        <span className={styles.barFill} style={{ width: `${c.percent}%` }} />
      </div>
      <p className={styles.barText}>
        {t('usedOf', { used, total, percent: c.text })}
      </p>
    </div>
  );
}
