import { useCallback, useReducer, useRef } from 'react';
import { useApi } from '@/shared/api/ApiContext';
import { customerOf } from '@/shared/api/customer';
import { PurchaseRefusedError, toMessageError } from '@/shared/api/errors';
import { useConfig } from '@/shared/config/ConfigContext';
import { messageFor } from '@/shared/messages/messages';
import { rememberOrder } from '@/shared/order/lastOrder';
import { allowedCheckoutLink } from './checkoutLink';

/**
 * The 'Proceed to Pay' button (spec section 4, steps 4 to 6): idle, busy while the
 * pre-check, order and order line run, refused (the server's reason), failed (the
 * payment-failure message) or redirecting (the browser is leaving for the checkout page).
 */
export type PayState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'refused'; text: string }
  | { kind: 'failed'; text: string }
  | { kind: 'redirecting'; url: string };

type Action = { type: 'start' } | { type: 'done'; state: PayState };

const reduce = (state: PayState, a: Action): PayState => {
  if (a.type === 'start') return state.kind === 'busy' || state.kind === 'redirecting' ? state : { kind: 'busy' };
  return a.state;
};

export type PayOptions = {
  bundleId: string;
  topupAccountId?: string;
  /** Opens the checkout page in the same window; tests and stories record it instead. */
  redirect: (url: string) => void;
  /** The page's origin, for the sandbox rule of the link check. */
  origin?: string;
};

/** usePay runs the purchase for the stored customer and follows the checkout link. */
export function usePay({ bundleId, topupAccountId, redirect, origin }: PayOptions) {
  const api = useApi();
  const config = useConfig();
  const [state, dispatch] = useReducer(reduce, { kind: 'idle' });
  const running = useRef(false);
  const pay = useCallback(
    async (token: string) => {
      const failed = (err: unknown): PayState => {
        const m = messageFor('payment', toMessageError(err), { phone: config.supportPhone, email: config.supportEmail });
        return err instanceof PurchaseRefusedError ? { kind: 'refused', text: m.text } : { kind: 'failed', text: m.text };
      };
      // A double click must not create a second order.
      if (running.current) return;
      running.current = true;
      dispatch({ type: 'start' });
      try {
        // The token's e-mail claim names the customer; the current-user call is the fallback.
        const { email } = await customerOf(token, () => api.users.currentUser());
        const res = await api.orders.checkout({ bundleId, email, topupAccountId: topupAccountId || undefined });
        const link = allowedCheckoutLink(res.checkoutUrl, config, origin ?? window.location.origin);
        if (!link) {
          console.error('checkout: refused a checkout link outside the allowed hosts');
          dispatch({ type: 'done', state: failed(new Error('checkout link not allowed')) });
          return;
        }
        dispatch({ type: 'done', state: { kind: 'redirecting', url: link.toString() } });
        rememberOrder({ bundleId, topupAccountId: topupAccountId ?? '' });
        redirect(link.toString());
      } catch (err) {
        console.error('checkout failed', err instanceof Error ? err.message : err);
        dispatch({ type: 'done', state: failed(err) });
      } finally {
        running.current = false;
      }
    },
    [api, config, bundleId, topupAccountId, redirect, origin],
  );

  return { state, pay };
}
