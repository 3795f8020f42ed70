import { useEffect, useState } from 'react';
import { useApi } from '@/shared/api/ApiContext';
import type { EsimBundle } from '@/shared/api/types';

export type InfoState = { status: 'idle' } | { status: 'loading' } | { status: 'error' } | { status: 'ready'; bundles: EsimBundle[] };

/** useBundleInfo loads esims/:iccid/info once `open` first becomes true (a plan is expanded). */
export function useBundleInfo(iccid: string, open: boolean): InfoState {
  const api = useApi();
  const [state, setState] = useState<{ iccid: string; s: InfoState } | null>(null);
  const wanted = open || state?.iccid === iccid;

  useEffect(() => {
    if (!wanted || state?.iccid === iccid) return;
    let live = true;
    api.esims
      .info(iccid)
      .then((bundles) => live && setState({ iccid, s: { status: 'ready', bundles } }))
      .catch((err: unknown) => {
        console.warn('profile: plan details not loaded', err instanceof Error ? err.message : err);
        if (live) setState({ iccid, s: { status: 'error' } });
      });
    return () => {
      live = false;
    };
  }, [api, iccid, wanted, state]);

  if (state?.iccid === iccid) return state.s;
  return wanted ? { status: 'loading' } : { status: 'idle' };
}
