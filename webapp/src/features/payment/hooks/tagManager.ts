/** What the payment page reads from its query (spec section 3 "Purchase event"). */
export type Purchase = { tranId: string; amt: number; currCode: string };

export type PurchaseEvent = {
  event: 'purchase';
  ecommerce: {
    transaction_id: string;
    value: number;
    currency: string;
    items: { item_name: 'eSIM'; item_id: string; price: number; quantity: 1 }[];
  };
};

type DataLayerWindow = Window & { dataLayer?: unknown[] };

/** Where the ids of purchases already reported are kept, so a reload reports nothing. */
export const PUSHED_PURCHASES_KEY = 'pushedPurchases';
// Enough to cover any reload a buyer makes; older ids drop off.
const KEEP = 50;

const TAG_ID = /^[A-Z]{1,4}-[A-Z0-9]{4,20}$/i;

/** isSuccess: success is 'true' in any letter case (spec section 2). */
export const isSuccess = (q: URLSearchParams): boolean => (q.get('success') ?? '').trim().toLowerCase() === 'true';

/** purchaseOf reads tranId, amt (number, default 0) and currCode (default USD). */
export function purchaseOf(q: URLSearchParams): Purchase {
  const amt = Number.parseFloat(q.get('amt') ?? '');
  const curr = (q.get('currCode') ?? '').trim().toUpperCase();
  return {
    tranId: (q.get('tranId') ?? '').trim(),
    amt: Number.isFinite(amt) && amt >= 0 ? amt : 0,
    currCode: /^[A-Z]{3}$/.test(curr) ? curr : 'USD',
  };
}

export function purchaseEvent(p: Purchase): PurchaseEvent {
  return {
    event: 'purchase',
    ecommerce: {
      transaction_id: p.tranId,
      value: p.amt,
      currency: p.currCode,
      items: [{ item_name: 'eSIM', item_id: p.tranId, price: p.amt, quantity: 1 }],
    },
  };
}

function pushedIds(storage: Storage): string[] {
  try {
    const v: unknown = JSON.parse(storage.getItem(PUSHED_PURCHASES_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * pushPurchaseOnce pushes the 'purchase' event to window.dataLayer unless this tranId was
 * pushed before (a reload of the result page). It returns whether it pushed. A purchase
 * without a tranId is not pushed: it could not be told apart from its own reload.
 */
export function pushPurchaseOnce(win: Window, storage: Storage, p: Purchase): boolean {
  if (p.tranId === '') {
    console.warn('payment result: no tranId, purchase event not pushed');
    return false;
  }
  const ids = pushedIds(storage);
  if (ids.includes(p.tranId)) return false;
  const w = win as DataLayerWindow;
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push(purchaseEvent(p));
  try {
    storage.setItem(PUSHED_PURCHASES_KEY, JSON.stringify([...ids, p.tranId].slice(-KEEP)));
  } catch (err) {
    console.warn('payment result: pushed purchase not remembered', err instanceof Error ? err.message : err);
  }
  return true;
}

/**
 * loadTagManager adds the Google Tag Manager snippet for id once: the gtm.js start event
 * and the async script. An id of another shape is refused, since it goes into a URL.
 */
export function loadTagManager(doc: Document, id: string): HTMLScriptElement | null {
  const tag = id.trim();
  if (!TAG_ID.test(tag)) {
    if (tag !== '') console.error('tag manager: invalid id in the configuration');
    return null;
  }
  const existing = doc.querySelector<HTMLScriptElement>(`script[data-tag-manager="${tag}"]`);
  if (existing) return existing;
  const win = doc.defaultView as DataLayerWindow | null;
  if (win) {
    win.dataLayer = win.dataLayer ?? [];
    win.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  }
  const script = doc.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(tag)}`;
  script.dataset.tagManager = tag;
  doc.head.append(script);
  return script;
}
