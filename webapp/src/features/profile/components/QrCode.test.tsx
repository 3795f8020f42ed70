import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handlersFor } from '@/mocks/handlers';
import { startMockServer } from '@/test/msw';
import { AppProviders } from '@/test/AppProviders';
import { QrCode } from './QrCode';

const server = startMockServer();
const ICCID = '89961010025062100039';

afterEach(() => {
  vi.useRealTimers();
  server.events.removeAllListeners();
});

function setup(base64: string) {
  server.use(...handlersFor({ 'getQrCode': 'success' }));
  const requests: string[] = [];
  server.events.on('request:start', ({ request }) => void requests.push(new URL(request.url).pathname));
  render(
    <AppProviders session={'customer'}>
      <QrCode iccid={ICCID} base64={base64} />
    </AppProviders>,
  );
  return requests;
}

describe('QrCode', () => {
  it('fetches a missing QR code only after 500 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const requests = setup('');
    expect(screen.getByRole('status')).toHaveTextContent('Loading the QR code');
    await act(async () => vi.advanceTimersByTime(499));
    expect(requests).toEqual([]);
    await act(async () => vi.advanceTimersByTime(1));
    expect(requests).toEqual([`/esim-service/api/v1/esims/${ICCID}/QrCode`]);
    // Notifications the query scheduled on the fake clock run before the real one returns.
    await act(async () => vi.runOnlyPendingTimersAsync());
    vi.useRealTimers();
    const img = await screen.findByRole('img', { name: `QR code to install the eSIM ${ICCID}` });
    expect(img.getAttribute('src')).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
  });

  it('shows a supplied QR code at once and never fetches', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const requests = setup('iVBORw0KGgoAAAA=');
    expect(screen.getByRole('img')).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgoAAAA=');
    await act(async () => vi.advanceTimersByTime(5000));
    expect(requests).toEqual([]);
  });

  it('treats a malformed supplied image as missing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const requests = setup('"><script>');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(500));
    expect(requests).toHaveLength(1);
  });
});
