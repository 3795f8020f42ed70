import { useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '@/shared/api/ApiContext';
import { accountKey } from '@/shared/query/queryClient';

/** The spec's delay before fetching a QR code the eSIM list did not carry (section 9). */
export const QR_FETCH_DELAY_MS = 500;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export type QrState = { status: 'ready'; base64: string } | { status: 'loading' } | { status: 'error'; retry: () => void };

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      reject(signal.reason);
    });
  });

/**
 * useQrCode gives the eSIM's install QR code: the supplied base64 PNG, or, when none was
 * supplied, the one esims/:iccid/QrCode answers 500 ms later.
 */
export function useQrCode(iccid: string, supplied: string): QrState {
  const api = useApi();
  const account = accountKey(useSession());
  const usable = BASE64.test(supplied) ? supplied : '';
  const q = useQuery({
    queryKey: ['account', account, 'qrCode', iccid],
    queryFn: async ({ signal }) => {
      await pause(QR_FETCH_DELAY_MS, signal);
      try {
        return await api.esims.qrCode(iccid);
      } catch (err) {
        console.warn('profile: QR code not loaded', err instanceof Error ? err.message : err);
        throw err;
      }
    },
    enabled: !usable,
  });
  if (usable) return { status: 'ready', base64: usable };
  if (q.isSuccess) return { status: 'ready', base64: q.data };
  return q.isError && !q.isFetching ? { status: 'error', retry: () => void q.refetch() } : { status: 'loading' };
}
