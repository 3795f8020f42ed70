import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '@/shared/api/memoryStorage';
import { rememberOrder } from '@/shared/order/lastOrder';
import { AppProviders } from '@/test/AppProviders';
import { ActionResultPage } from './ActionResultPage';

type DL = Window & { dataLayer?: unknown[] };

afterEach(() => {
  window.sessionStorage.clear();
  delete (window as DL).dataLayer;
  document.head.querySelectorAll('script[data-tag-manager]').forEach((s) => s.remove());
});

function renderResult(query: string, opts: { storage?: Storage; tagManagerId?: string } = {}) {
  const storage = opts.storage ?? memoryStorage();
  return render(
    <StrictMode>
      <AppProviders path="/actionresult" url={`/actionresult?${query}`} config={{ tagManagerId: opts.tagManagerId ?? '' }}>
        <ActionResultPage storage={storage} />
      </AppProviders>
    </StrictMode>,
  );
}

const purchases = () => ((window as DL).dataLayer ?? []).filter((e) => (e as { event?: string }).event === 'purchase');

describe('ActionResultPage', () => {
  it.each(['true', 'TRUE', 'True'])('shows success for success=%s', (v) => {
    renderResult(`success=${v}&tranId=T1&amt=13&currCode=USD`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Payment Success');
    expect(screen.getByText(/QR code will arrive shortly/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View eSIM' })).toHaveAttribute('href', '/profile');
  });

  it.each(['success=false', 'success=', 'success=yes', ''])('shows failure for %j', (q) => {
    renderResult(q);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Payment Failed');
    expect(screen.getByText('Payment unsuccessful. We apologize for the inconvenience. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Plans' })).toHaveAttribute('href', '/plans');
    expect(purchases()).toEqual([]);
  });

  it('offers to pay the same plan with another card after a declined payment', () => {
    rememberOrder({ bundleId: 'b 1', topupAccountId: '' });
    renderResult('success=false');
    expect(screen.getByRole('link', { name: 'Try another card' })).toHaveAttribute('href', '/cart/b%201');
    expect(screen.getByRole('link', { name: 'Back to Plans' })).toHaveAttribute('href', '/plans');
  });

  it('retries a declined top-up on the same eSIM, and a paid top-up promises no QR code', () => {
    rememberOrder({ bundleId: 'b1', topupAccountId: 'acc-7' });
    const { unmount } = renderResult('success=false');
    expect(screen.getByRole('link', { name: 'Try another card' })).toHaveAttribute('href', '/cart/b1/acc-7');
    unmount();
    renderResult('success=true&tranId=T2');
    expect(screen.getByText(/The plan is being added to your eSIM/)).toBeInTheDocument();
    expect(screen.queryByText(/QR code will arrive/)).toBeNull();
  });

  it('pushes one purchase event, also in strict mode and after a reload', () => {
    const storage = memoryStorage();
    const first = renderResult('success=true&tranId=TX-9&amt=13.00&currCode=usd', { storage });
    expect(purchases()).toEqual([
      {
        event: 'purchase',
        ecommerce: { transaction_id: 'TX-9', value: 13, currency: 'USD', items: [{ item_name: 'eSIM', item_id: 'TX-9', price: 13, quantity: 1 }] },
      },
    ]);
    first.unmount();
    renderResult('success=true&tranId=TX-9&amt=13.00&currCode=usd', { storage });
    expect(purchases()).toHaveLength(1);
  });

  it('defaults value to 0 and currency to USD', () => {
    renderResult('success=true&tranId=TX-10');
    expect(purchases()[0]).toMatchObject({ ecommerce: { value: 0, currency: 'USD', items: [{ price: 0 }] } });
  });

  it('loads the tag manager only when an id is configured, after the page has loaded', async () => {
    const { unmount } = renderResult('success=false');
    await act(async () => {
      await Promise.resolve();
    });
    expect(document.querySelector('script[data-tag-manager]')).toBeNull();
    unmount();
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    renderResult('success=false', { tagManagerId: 'GTM-TEST01' });
    await act(async () => {
      await Promise.resolve();
    });
    expect(document.querySelector('script[data-tag-manager]'), 'before the load event').toBeNull();
    readyState.mockReturnValue('complete');
    await act(async () => {
      window.dispatchEvent(new Event('load'));
      await Promise.resolve();
    });
    const scripts = document.querySelectorAll<HTMLScriptElement>('script[data-tag-manager]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-TEST01');
  });
});
