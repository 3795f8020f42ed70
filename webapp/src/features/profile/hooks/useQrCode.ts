import { useEffect, useState } from 'react';
import { useApi } from '@/shared/api/ApiContext';

/** The spec's delay before fetching a QR code the eSIM list did not carry (section 9). */
export const QR_FETCH_DELAY_MS = 500;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export type QrState = { status: 'ready'; base64: string } | { status: 'loading' } | { status: 'error' };

/**
 * useQrCode gives the eSIM's install QR code: the supplied base64 PNG, or, when none was
 * supplied, the one esims/:iccid/QrCode answers 500 ms later.
 */
export function useQrCode(iccid: string, supplied: string): QrState {
  const api = useApi();
  const usable = BASE64.test(supplied) ? supplied : '';
  const [fetched, setFetched] = useState<{ iccid: string; state: QrState } | null>(null);

  useEffect(() => {
    if (usable) return;
    let live = true;
    const timer = setTimeout(() => {
      api.esims
        .qrCode(iccid)
        .then((base64) => live && setFetched({ iccid, state: { status: 'ready', base64 } }))
        .catch((err: unknown) => {
          console.warn('profile: QR code not loaded', err instanceof Error ? err.message : err);
          if (live) setFetched({ iccid, state: { status: 'error' } });
        });
    }, QR_FETCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, iccid, usable]);

  if (usable) return { status: 'ready', base64: usable };
  return fetched?.iccid === iccid ? fetched.state : { status: 'loading' };
}
