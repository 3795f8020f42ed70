import { useTranslation } from 'react-i18next';
import { useConfig } from '@/shared/config/ConfigContext';
import { useLocalizeMessage } from '@/shared/messages/localize';
import type { Ref } from 'react';
import type { PayState } from '../hooks/usePay';
import { LiveRegion } from '@/shared/components/LiveRegion';
import { Spinner } from '@/shared/components/Spinner';
import styles from './Checkout.module.css';

export type PayStepProps = {
  state: PayState;
  onPay: () => void;
  /** Whom the confirmation greets; empty when the token carries no name. */
  name?: string;
  /** The step's heading, which the page focuses when the step appears. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** The order tops up an existing eSIM rather than buying a new one. */
  topup?: boolean;
};

/**
 * The logged-in customer's step (spec section 4, steps 3 to 6): the confirmation and the
 * 'Proceed to Pay' button, which reads 'Redirecting...' once the checkout link is followed.
 */
export function PayStep({ state, onPay, name = '', headingRef, topup = false }: PayStepProps) {
  const { t } = useTranslation('checkout');
  const config = useConfig();
  const localize = useLocalizeMessage({ phone: config.supportPhone, email: config.supportEmail });
  const busy = state.kind === 'busy';
  const redirecting = state.kind === 'redirecting';
  return (
    <section className={styles.panel} aria-labelledby="pay-step-title">
      <h2 id="pay-step-title" ref={headingRef} className={styles.panelTitle}>
        {t('paymentTitle')}
      </h2>
      <p className={styles.confirm}>
        {name ? t('thanksName', { name }) : ''}
        {topup ? t('accountReadyTopup') : t('accountReady')}
      </p>
      <LiveRegion role="alert" className={styles.error}>
        {state.kind === 'refused' || state.kind === 'failed' ? localize({ text: state.text, hints: [], link: '' }).text : ''}
      </LiveRegion>
      <div className={styles.actions}>
        {/* aria-disabled keeps the focus on the button while the order is prepared. */}
        <button
          type="button"
          className={styles.button}
          onClick={() => {
            if (!busy && !redirecting) onPay();
          }}
          aria-disabled={busy || redirecting}
        >
          {redirecting ? t('redirecting') : t('proceedToPay')}
        </button>
        {busy && <Spinner quiet />}
      </div>
      <LiveRegion hidden role="none">{busy ? t('preparingOrder') : redirecting ? t('redirecting') : ''}</LiveRegion>
    </section>
  );
}
