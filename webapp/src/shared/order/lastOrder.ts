/**
 * The order the customer last left the shop to pay for. /actionresult gets only
 * success, tranId, amt and currCode back from the payment page, so the cart remembers
 * which plan (and which eSIM, for a top-up) was being paid: the result then talks about a
 * top-up when it was one, and a declined card can be retried on the same plan.
 * Kept in sessionStorage: it belongs to this tab's purchase, not to the device.
 */
export type LastOrder = { bundleId: string; topupAccountId: string };

const KEY = 'lastOrder';

export function rememberOrder(order: LastOrder, storage?: Storage) {
  try {
    (storage ?? window.sessionStorage).setItem(KEY, JSON.stringify(order));
  } catch {
    // Storage full or blocked: the result page then falls back to the plain texts.
  }
}

export function lastOrder(storage?: Storage): LastOrder | null {
  try {
    const v: unknown = JSON.parse((storage ?? window.sessionStorage).getItem(KEY) ?? 'null');
    if (!v || typeof v !== 'object') return null;
    const { bundleId, topupAccountId } = v as Record<string, unknown>;
    if (typeof bundleId !== 'string' || !bundleId || typeof topupAccountId !== 'string') return null;
    return { bundleId, topupAccountId };
  } catch {
    return null;
  }
}

/** The cart of the same plan (and the same eSIM for a top-up). */
export function cartPath(order: LastOrder): string {
  const id = encodeURIComponent(order.bundleId);
  return order.topupAccountId ? `/cart/${id}/${encodeURIComponent(order.topupAccountId)}` : `/cart/${id}`;
}
