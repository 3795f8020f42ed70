import { useQuery } from '@tanstack/react-query';
import { useApi, useDeviceStorage, useSession } from '@/shared/api/ApiContext';
import type { EsimBundle } from '@/shared/api/types';
import { accountKey } from '@/shared/query/queryClient';
import { recordReadings } from '../api/usage';

export type InfoState = { status: 'idle' } | { status: 'loading' } | { status: 'error'; retry: () => void } | { status: 'ready'; bundles: EsimBundle[]; fetchedAt: number };

/** useBundleInfo loads esims/:iccid/info once `open` first becomes true (a plan is expanded). */
export function useBundleInfo(iccid: string, open: boolean): InfoState {
  const api = useApi();
  const account = accountKey(useSession());
  const storage = useDeviceStorage();
  const q = useQuery({
    queryKey: ['account', account, 'esimInfo', iccid],
    queryFn: async () => {
      try {
        const bundles = await api.esims.info(iccid);
        recordReadings(storage, account, iccid, bundles, Date.now());
        return bundles;
      } catch (err) {
        console.warn('profile: plan details not loaded', err instanceof Error ? err.message : err);
        throw err;
      }
    },
    // Loaded on the first expansion; kept once loaded (collapsing does not drop it).
    enabled: open,
  });
  if (q.isSuccess) return { status: 'ready', bundles: q.data, fetchedAt: q.dataUpdatedAt };
  // A retry shows the spinner again, as the first load does.
  if (q.isError) return q.isFetching ? { status: 'loading' } : { status: 'error', retry: () => void q.refetch() };
  return open ? { status: 'loading' } : { status: 'idle' };
}
