import { Trans, useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { asciiDigits } from '@/shared/i18n/digits';
import { useApi } from '@/shared/api/ApiContext';
import { toMessageError } from '@/shared/api/errors';
import type { Bundle } from '@/shared/api/types';
import { LoadError } from '@/shared/components/LoadError';
import { Spinner } from '@/shared/components/Spinner';
import { useConfig } from '@/shared/config/ConfigContext';
import { messageFor } from '@/shared/messages/messages';
import { localizeText, useText } from '@/shared/messages/localize';
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
  const { t: ts } = useTranslation('shared');
  const text = useText();
  const { origin = '', iccid: typed = '', accountId = '', thirdpartyproviderid = '' } = useParams();
  // An address typed by hand may carry the ICCID in Arabic-Indic digits.
  const iccid = asciiDigits(typed);
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
      const support = { phone: config.supportPhone, email: config.supportEmail };
      const shown = localizeText(messageFor('topup', toMessageError(err), support).text, support, ts);
      setFailure(shown);
      window.alert(shown);
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
      <PageTitle name={t('pageName')} />
      <h1 className={styles.title}>
        <Trans t={t} i18nKey="heading" values={{ iccid }} components={{ iccid: <span className={styles.iccid} dir="ltr" /> }} />
      </h1>
      <p className={styles.lead}>
        {t('lead')}
      </p>
      {!valid && (
        <p role="alert" className={styles.error}>
          {t('incompleteLink')}
        </p>
      )}
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      {valid && state.status === 'loading' && <Spinner label={t('loadingPlans')} />}
      {valid && state.status === 'failed' && <LoadError message={t('topupFailed')} onRetry={() => void list.refetch()} />}
      {valid && state.status === 'ready' && state.bundles.length === 0 && <p className={styles.empty}>{text('nothingToShow')}</p>}
      {valid && state.status === 'ready' && state.bundles.length > 0 && (
        <ul className={styles.grid} aria-label={t('plansLabel')}>
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
