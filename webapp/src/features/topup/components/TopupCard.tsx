import { useTranslation } from 'react-i18next';
import type { Bundle } from '@/shared/api/types';
import { BundleSummary } from '@/shared/components/BundleSummary';
import { useAreaNames } from '@/shared/i18n/areaNames';
import styles from './Topup.module.css';

type TopupCardProps = {
  bundle: Bundle;
  /** This card's buy button is running the checks. */
  busy: boolean;
  /** Another card's checks are running: one top-up at a time. */
  disabled: boolean;
  onBuy: (bundle: Bundle) => void;
};

/** A top-up bundle: flag, title, data, validity, price and the buy button. */
export function TopupCard({ bundle, busy, disabled, onBuy }: TopupCardProps) {
  const { t } = useTranslation('topup');
  const title = useAreaNames().bundleTitle(bundle);
  return (
    <article className={styles.card} aria-label={title}>
      <BundleSummary bundle={bundle} level={2} />
      {/* While its checks run the button stays focusable (aria-disabled, not disabled): a
          disabled button drops a keyboard user's focus to the page body, and the error that
          may follow would leave them there. */}
      <button
        type="button"
        className={styles.buy}
        onClick={() => {
          if (!busy) onBuy(bundle);
        }}
        disabled={disabled && !busy}
        aria-disabled={busy || undefined}
        aria-busy={busy}
      >
        {busy && <span className={styles.spinner} aria-hidden="true" />}
        {busy ? t('checking') : t('buyNow')}{' '}
        {/* The visible words start the name; the title tells the cards apart. */}
        <span className="visually-hidden">{title}</span>
      </button>
    </article>
  );
}
