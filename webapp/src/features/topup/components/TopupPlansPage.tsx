import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useApi } from '@/shared/api/ApiContext';
import { toMessageError } from '@/shared/api/errors';
import type { Bundle } from '@/shared/api/types';
import { LoadError } from '@/shared/components/LoadError';
import { Spinner } from '@/shared/components/Spinner';
import { useConfig } from '@/shared/config/ConfigContext';
import { messageFor, texts } from '@/shared/messages/messages';
import { TopupCard } from './TopupCard';
import styles from './Topup.module.css';
import { PageTitle } from '@/shared/page/PageTitle';

type ListState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; bundles: Bundle[] };


/**
 * /topup-plans/:origin/:iccid/:accountId/:thirdpartyproviderid: the bundles that can top
 * up this eSIM. A buy button runs the eSIM check and topup_bundle_selected, then opens
 * /cart/:bundleId/:topupAccountId with the bundle the server chose; failures raise the
 * three alerts of section 8 (window.alert, repeated inline for assistive technology).
 */
export function TopupPlansPage() {
  const { t } = useTranslation('topup');
  const { origin = '', iccid = '', accountId = '', thirdpartyproviderid = '' } = useParams();
  const api = useApi();
  const config = useConfig();
  const navigate = useNavigate();
  const provider = /^\d+$/.test(thirdpartyproviderid) ? Number(thirdpartyproviderid) : NaN;
  const valid = origin.trim() !== '' && iccid.trim() !== '' && accountId.trim() !== '' && Number.isSafeInteger(provider);
  const [busy, setBusy] = useState('');
  const [failure, setFailure] = useState('');
  const list = useQuery({
    queryKey: ['catalog', 'topupBundles', origin, iccid, provider],
    queryFn: async () => {
      try {
        return await api.catalog.topupBundles(origin, iccid, provider);
      } catch (err) {
        // Logged, and shown with a Retry (issue 12 over section 8's empty list).
        console.error('topup: bundles not loaded', err instanceof Error ? err.message : err);
        throw err;
      }
    },
    enabled: valid,
  });

  const buy = async (bundle: Bundle) => {
    if (busy) return;
    setBusy(bundle.id);
    setFailure('');
    try {
      const bundleId = await api.topupSelect(iccid, bundle.name, provider);
      await navigate(`/cart/${encodeURIComponent(bundleId)}/${encodeURIComponent(accountId)}`);
    } catch (err) {
      console.error('topup: selection failed', err);
      const text = messageFor('topup', toMessageError(err), { phone: config.supportPhone, email: config.supportEmail }).text;
      setFailure(text);
      window.alert(text);
    } finally {
      setBusy('');
    }
  };

  const state: ListState = list.isError
    ? list.isFetching
      ? { status: 'loading' }
      : { status: 'failed' }
    : list.isPending
      ? { status: 'loading' }
      : { status: 'ready', bundles: list.data ?? [] };
  return (
    <div className="page">
      <PageTitle name="Top-up plans" />
      <h1 className={styles.title}>
        Topup eSIM with ICCID <span className={styles.iccid}>{iccid}</span>
      </h1>
      <p className={styles.lead}>
        Stay connected in over 200 destinations: add data to the eSIM you already have, with no new QR code to install.
      </p>
      {!valid && (
        <p role="alert" className={styles.error}>
          This top-up link is incomplete. Please open it again from My eSIMs.
        </p>
      )}
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      {valid && state.status === 'loading' && <Spinner label="Loading the top-up plans" />}
      {valid && state.status === 'failed' && <LoadError message={t('topupFailed')} onRetry={() => void list.refetch()} />}
      {valid && state.status === 'ready' && state.bundles.length === 0 && <p className={styles.empty}>{texts.nothingToShow}</p>}
      {valid && state.status === 'ready' && state.bundles.length > 0 && (
        <ul className={styles.grid} aria-label="Top-up plans">
          {state.bundles.map((b) => (
            <li key={b.id}>
              <TopupCard bundle={b} busy={busy === b.id} disabled={busy !== '' && busy !== b.id} onBuy={(x) => void buy(x)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
