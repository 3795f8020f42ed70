import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useConfig } from '@/shared/config/ConfigContext';
import { useFocusOnChange } from '@/shared/focus/focus';
import { pageLoaded } from '@/shared/page/pageLoaded';
import { PageTitle } from '@/shared/page/PageTitle';
import { useText } from '@/shared/messages/localize';
import { useHydrated } from '@/shared/prerender/hydration';
import { cartPath, lastOrder } from '@/shared/order/lastOrder';
import { isSuccess, loadTagManager, purchaseOf, pushPurchaseOnce } from '../hooks/tagManager';
import styles from './Payment.module.css';

export type ActionResultPageProps = {
  /** Where pushed purchase ids are remembered; the browser's localStorage by default. */
  storage?: Storage;
};

/** The two outcomes of /actionresult (spec section 2 "Payment result"). */
export function PaymentResult({ success }: { success: boolean }) {
  // The customer arrives here from the payment page (a full page load): focus starts on
  // the outcome, one Tab before 'View eSIM' / 'Back to Plans', not at the top of the page.
  const { t } = useTranslation('payment');
  const text = useText();
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(heading, success, true);
  // The plan the customer left to pay for (remembered by the cart in this tab), if any.
  const order = lastOrder();
  const topup = !!order?.topupAccountId;
  return (
    <section className={styles.result} aria-labelledby="payment-result-title">
      <PageTitle name={success ? text('paymentSuccessTitle') : text('paymentFailedTitle')} />
      <svg className={styles.icon} viewBox="0 0 64 64" aria-hidden="true">
        <circle cx="32" cy="32" r="30" fill={success ? '#0b5d4b' : '#b91c1c'} />
        {success ? (
          <path d="M18 33l9 9 19-20" fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
        ) : (
          <path d="M22 22l20 20M42 22L22 42" fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" />
        )}
      </svg>
      <h1 id="payment-result-title" ref={heading} className={styles.title} tabIndex={-1}>
        {success ? text('paymentSuccessTitle') : text('paymentFailedTitle')}
      </h1>
      <p className={styles.text}>
        {success ? (topup ? t('thanksTopup') : t('thanks')) : text('paymentUnsuccessful')}
      </p>
      {success ? (
        <Link className={styles.button} to="/profile">
          {t('viewEsim')}
        </Link>
      ) : (
        <div className={styles.actions}>
          {/* A declined card: the same plan (and eSIM) again, to pay with another card. */}
          {order ? (
            <Link className={styles.button} to={cartPath(order)}>
              {t('retryPayment')}
            </Link>
          ) : null}
          <Link className={order ? styles.secondary : styles.button} to="/plans">
            {t('backToPlans')}
          </Link>
        </div>
      )}
    </section>
  );
}

/**
 * /actionresult?success&tranId&amt&currCode: the outcome, the tag manager when one is
 * configured, and on success one 'purchase' event per transaction.
 */
export function ActionResultPage({ storage }: ActionResultPageProps) {
  const [query] = useSearchParams();
  const { tagManagerId } = useConfig();
  const success = isSuccess(query);
  const q = query.toString();
  // The prerendered page is the frame alone (the build knows no query): the outcome renders
  // once the page has hydrated.
  const hydrated = useHydrated();

  useEffect(() => {
    if (!tagManagerId) return;
    // Analytics after the page has loaded, never before it (pageLoaded).
    let live = true;
    void pageLoaded().then(() => {
      if (live) loadTagManager(document, tagManagerId);
    });
    return () => {
      live = false;
    };
  }, [tagManagerId]);

  useEffect(() => {
    if (!success) return;
    pushPurchaseOnce(window, storage ?? window.localStorage, purchaseOf(new URLSearchParams(q)));
  }, [success, q, storage]);

  return <div className="page">{hydrated ? <PaymentResult success={success} /> : <div className={styles.result} aria-busy="true" />}</div>;
}
