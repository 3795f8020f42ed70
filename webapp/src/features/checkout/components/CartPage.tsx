import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { storePendingUserId } from '@/shared/api/pendingUser';
import { OtpForm } from '@/shared/codeform/OtpForm';
import { useApi, useSession } from '@/shared/api/ApiContext';
import { parseClaims } from '@/shared/api/claims';
import { LiveRegion } from '@/shared/components/LiveRegion';
import { useFocusOnChange } from '@/shared/focus/focus';
import { toMessageError } from '@/shared/api/errors';
import { isRegistered } from '@/shared/api/session';
import type { SignupForm as SignupFields } from '@/shared/api/types';
import { useConfig } from '@/shared/config/ConfigContext';
import { messageFor } from '@/shared/messages/messages';
import { usePay } from '../hooks/usePay';
import { CartSummary } from './CartSummary';
import styles from './Checkout.module.css';
import { PayStep } from './PayStep';
import { SignupForm } from './SignupForm';
import { PageTitle } from '@/shared/page/PageTitle';

/** followLink leaves for the checkout page in the same window (spec section 4, step 6). */
const followLink = (url: string) => window.location.assign(url);

type VisitorStep = { step: 'form'; error: string } | { step: 'code'; form: SignupFields; userId: string };

export type CartPageProps = {
  /** Follows the checkout link; stories and tests record it instead of leaving. */
  redirect?: (url: string) => void;
};

/** useBundle loads the bundle of the cart; a failure is logged and offered a retry (no 'NA', no Pay). */
function useBundle(bundleId: string) {
  const api = useApi();
  const q = useQuery({
    queryKey: ['catalog', 'bundle', bundleId],
    queryFn: async () => {
      try {
        return await api.catalog.bundle(bundleId);
      } catch (err) {
        console.error('cart: bundle not loaded', err instanceof Error ? err.message : err);
        throw err;
      }
    },
  });
  const failed = q.isError && !q.isFetching;
  return { bundle: q.data ?? null, loading: q.isPending || (q.isError && q.isFetching), failed, retry: () => void q.refetch() };
}

/**
 * /cart/:bundleId/:topupAccountId? (spec sections 2 and 4): the summary, then for a
 * visitor the signup form and the e-mail code, and for a registered customer the
 * confirmation and 'Proceed to Pay'.
 */
export function CartPage({ redirect = followLink }: CartPageProps) {
  const { t } = useTranslation('checkout');
  const { t: ts } = useTranslation('shared');
  const { bundleId = '', topupAccountId = '' } = useParams();
  const api = useApi();
  const config = useConfig();
  const session = useSession();
  const { bundle, loading, failed, retry } = useBundle(bundleId);
  const [visitor, setVisitor] = useState<VisitorStep>({ step: 'form', error: '' });
  const { state, pay } = usePay({ bundleId, topupAccountId, redirect });
  const support = { phone: config.supportPhone, email: config.supportEmail };

  const sendCode = async (form: SignupFields) => {
    try {
      const sent = await api.users.sendSignupCode(form);
      storePendingUserId(sent.userId);
      setVisitor({ step: 'code', form, userId: sent.userId });
    } catch (err) {
      console.error('cart: signup code not sent', err instanceof Error ? err.message : err);
      setVisitor({ step: 'form', error: messageFor('otpSendSignup', toMessageError(err), support).text });
    }
  };


  const registered = isRegistered(session);
  // The code step focuses its field itself; the payment step, reached by verifying the
  // code on this page, gets the focus on its heading (WCAG 2.4.3).
  const payHeading = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(payHeading, registered);
  const claims = registered ? parseClaims(session.token) : null;
  const name = [claims?.firstName, claims?.lastName].filter(Boolean).join(' ');

  // Without its plan the cart offers nothing to pay for: the summary's error and Retry
  // stand alone until the plan loads.
  return (
    <div className="page">
      <PageTitle name={topupAccountId ? t('topupPageName') : t('pageName')} />
      <h1>{topupAccountId ? t('topupHeading') : t('heading')}</h1>
      <div className={styles.layout}>
        <div>
          {failed ? null : registered ? (
            <PayStep state={state} name={name} onPay={() => void pay(session.token)} headingRef={payHeading} topup={!!topupAccountId} />
          ) : visitor.step === 'form' ? (
            <SignupForm onSubmit={sendCode} error={visitor.error} />
          ) : (
            <section className={styles.panel} aria-labelledby="cart-code-title">
              <h2 id="cart-code-title" className={styles.panelTitle}>
                {t('verifyEmailTitle')}
              </h2>
              {/* Verified: the stored session flips and this page re-renders as a customer's. */}
              <OtpForm
                focusOnMount
                userId={visitor.userId}
                email={visitor.form.email}
                onVerified={() => {}}
                onResend={async () => {
                  const sent = await api.users.sendSignupCode(visitor.form);
                  storePendingUserId(sent.userId);
                  return sent.userId;
                }}
              />
            </section>
          )}
          {/* The step changes are announced in a region that is there from the start. */}
          <LiveRegion hidden role="none">
            {registered ? (visitor.step === 'code' ? t('emailVerified') : '') : visitor.step === 'code' ? t('codeOnItsWay', { email: visitor.form.email }) : ''}
          </LiveRegion>
        </div>
        <div>
          <CartSummary bundle={bundle} loading={loading} failed={failed} onRetry={retry} topup={!!topupAccountId} />
          <nav aria-label={t('checkoutLinks')}>
            <ul className={styles.links}>
              <li>
                <Link to="/plans">{t('changePlan')}</Link>
              </li>
              <li>
                <Link to="/terms-and-conditions">{ts('termsAndConditions')}</Link>
              </li>
              <li>
                <Link to="/privacy">{ts('privacyPolicy')}</Link>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </div>
  );
}
