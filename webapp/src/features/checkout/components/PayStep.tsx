import type { PayState } from '../hooks/usePay';
import { Spinner } from '@/shared/components/Spinner';
import styles from './Checkout.module.css';

export type PayStepProps = {
  state: PayState;
  onPay: () => void;
  /** Whom the confirmation greets; empty when the token carries no name. */
  name?: string;
};

/**
 * The logged-in customer's step (spec section 4, steps 3 to 6): the confirmation and the
 * 'Proceed to Pay' button, which reads 'Redirecting...' once the checkout link is followed.
 */
export function PayStep({ state, onPay, name = '' }: PayStepProps) {
  const busy = state.kind === 'busy';
  const redirecting = state.kind === 'redirecting';
  return (
    <section className={styles.panel} aria-labelledby="pay-step-title">
      <h2 id="pay-step-title" className={styles.panelTitle}>
        Payment
      </h2>
      <p className={styles.confirm}>
        {name ? `Thank you, ${name}. ` : ''}Your e-mail is verified and your account is ready. Proceed to pay to receive your eSIM.
      </p>
      {(state.kind === 'refused' || state.kind === 'failed') && (
        <p className={styles.error} role="alert">
          {state.text}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.button} onClick={onPay} disabled={busy || redirecting} aria-busy={busy || redirecting}>
          {redirecting ? 'Redirecting...' : 'Proceed to Pay'}
        </button>
        {busy && <Spinner label="Preparing your order" />}
      </div>
    </section>
  );
}
