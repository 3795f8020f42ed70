import { skipToken, useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSession, useSessionStore } from '@/shared/api/ApiContext';
import type { Esim } from '@/shared/api/types';
import { keepOnly, readKit, saveKit, type InstallKit } from '@/shared/offline/installKit';
import { accountKey } from '@/shared/query/queryClient';
import { kitEsims } from '../api/installKit';

export type SavedKitState = { status: 'loading' } | { status: 'none' } | { status: 'ready'; kit: InstallKit } | { status: 'error' };

/**
 * useInstallKit reads the signed-in customer's saved kit and, given the eSIMs the profile
 * loaded (online), saves them as the new kit. QR codes fetched separately (useQrCode) are
 * taken from the query cache, never fetched a second time.
 */
export function useInstallKit(esims: readonly Esim[] | null): SavedKitState {
  const owner = accountKey(useSession());
  const store = useSessionStore();
  // The state belongs to one customer; another customer's reads as loading.
  const [held, setHeld] = useState<{ owner: string; state: SavedKitState }>({ owner, state: { status: 'loading' } });
  const state: SavedKitState = held.owner === owner ? held.state : { status: 'loading' };

  // Read once per customer.
  useEffect(() => {
    let live = true;
    readKit(owner)
      .then((kit) => {
        if (live) setHeld({ owner, state: kit ? { status: 'ready', kit } : { status: 'none' } });
      })
      .catch((err: unknown) => {
        console.warn('install kit: not read', err instanceof Error ? err.message : err);
        if (live) setHeld({ owner, state: { status: 'error' } });
      });
    return () => {
      live = false;
    };
  }, [owner]);

  // Observe (never fetch) the QR codes the cards loaded.
  const missing = (esims ?? []).filter((e) => !e.base64QRCodeImage).map((e) => e.iccid);
  const qrs = useQueries({
    queries: missing.map((iccid) => ({ queryKey: ['account', owner, 'qrCode', iccid], queryFn: skipToken })),
  });
  const qrData = qrs.map((q) => (typeof q.data === 'string' ? q.data : '')).join('|');
  const content = useMemo(() => {
    if (!esims) return null;
    const loaded = qrData.split('|');
    return kitEsims(esims, new Map(missing.map((iccid, i) => [iccid, loaded[i] ?? ''])));
    // `missing` follows esims; qrData carries the QR answers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [esims, qrData]);

  // Save whenever what the profile shows changes (first load, a QR code arriving).
  const written = useRef('');
  useEffect(() => {
    if (!content || owner === '') return;
    const key = `${owner}\n${JSON.stringify(content)}`;
    if (written.current === key) return;
    written.current = key;
    saveKit(owner, content)
      .then(async (kit) => {
        // Logged out (or switched) while saving: the kit must not outlive the session.
        const now = accountKey(store.load());
        if (now !== owner) {
          await keepOnly(now);
          return;
        }
        setHeld({ owner, state: { status: 'ready', kit } });
      })
      .catch((err: unknown) => {
        written.current = '';
        console.warn('install kit: not saved', err instanceof Error ? err.message : err);
      });
  }, [content, owner, store]);

  return state;
}
