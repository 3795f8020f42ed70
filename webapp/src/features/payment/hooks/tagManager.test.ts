import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '@/shared/api/memoryStorage';
import { isSuccess, loadTagManager, purchaseOf, pushPurchaseOnce, PUSHED_PURCHASES_KEY } from './tagManager';

type DL = Window & { dataLayer?: unknown[] };

afterEach(() => {
  delete (window as DL).dataLayer;
  document.head.querySelectorAll('script[data-tag-manager]').forEach((s) => s.remove());
});

describe('isSuccess', () => {
  it.each([
    ['success=true', true],
    ['success=TRUE', true],
    ['success=True', true],
    ['success=false', false],
    ['success=1', false],
    ['success=', false],
    ['', false],
  ])('%s -> %s', (q, want) => expect(isSuccess(new URLSearchParams(q))).toBe(want));
});

describe('purchaseOf', () => {
  it.each([
    ['tranId=T1&amt=13.5&currCode=usd', { tranId: 'T1', amt: 13.5, currCode: 'USD' }],
    ['tranId=T1&amt=13&currCode=EUR', { tranId: 'T1', amt: 13, currCode: 'EUR' }],
    ['tranId=T1', { tranId: 'T1', amt: 0, currCode: 'USD' }],
    ['tranId=T1&amt=abc&currCode=', { tranId: 'T1', amt: 0, currCode: 'USD' }],
    ['tranId=T1&amt=-5&currCode=<script>', { tranId: 'T1', amt: 0, currCode: 'USD' }],
    ['', { tranId: '', amt: 0, currCode: 'USD' }],
  ])('%s', (q, want) => expect(purchaseOf(new URLSearchParams(q))).toEqual(want));
});

describe('pushPurchaseOnce', () => {
  it('pushes one purchase event and not again for the same tranId', () => {
    const storage = memoryStorage();
    const p = { tranId: 'T-77', amt: 13, currCode: 'USD' };
    expect(pushPurchaseOnce(window, storage, p)).toBe(true);
    expect(pushPurchaseOnce(window, storage, p)).toBe(false);
    expect((window as DL).dataLayer).toEqual([
      {
        event: 'purchase',
        ecommerce: {
          transaction_id: 'T-77',
          value: 13,
          currency: 'USD',
          items: [{ item_name: 'eSIM', item_id: 'T-77', price: 13, quantity: 1 }],
        },
      },
    ]);
    expect(pushPurchaseOnce(window, storage, { ...p, tranId: 'T-78' })).toBe(true);
    expect((window as DL).dataLayer).toHaveLength(2);
    expect(JSON.parse(storage.getItem(PUSHED_PURCHASES_KEY) ?? '')).toEqual(['T-77', 'T-78']);
  });

  it('survives a corrupt remembered list', () => {
    const storage = memoryStorage({ [PUSHED_PURCHASES_KEY]: '{not json' });
    expect(pushPurchaseOnce(window, storage, { tranId: 'A', amt: 1, currCode: 'USD' })).toBe(true);
  });

  it('does not push without a tranId', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(pushPurchaseOnce(window, memoryStorage(), { tranId: '', amt: 1, currCode: 'USD' })).toBe(false);
    expect((window as DL).dataLayer).toBeUndefined();
  });
});

describe('loadTagManager', () => {
  it('adds the script for the configured id once', () => {
    const s = loadTagManager(document, 'GTM-ABC123');
    expect(s?.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-ABC123');
    expect(s?.async).toBe(true);
    expect(loadTagManager(document, 'GTM-ABC123')).toBe(s);
    expect(document.querySelectorAll('script[data-tag-manager]')).toHaveLength(1);
    expect((window as DL).dataLayer).toEqual([expect.objectContaining({ event: 'gtm.js' })]);
  });

  it.each(['', 'GTM-ABC"><script>', 'javascript:x'])('refuses the id %j', (id) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(loadTagManager(document, id)).toBeNull();
    expect(document.querySelectorAll('script[data-tag-manager]')).toHaveLength(0);
  });
});
