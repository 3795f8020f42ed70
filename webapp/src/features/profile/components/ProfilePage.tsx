import { useTranslation } from 'react-i18next';
import { useAreaNames } from '@/shared/i18n/areaNames';
import { useLocale } from '@/shared/i18n/useLocale';
import { useText } from '@/shared/messages/localize';
import { useState } from 'react';
import { Tabs, type TabItem } from '@/shared/components/Tabs';
import { useSession } from '@/shared/api/ApiContext';
import { parseClaims } from '@/shared/api/claims';
import type { Esim } from '@/shared/api/types';
import { LoadError } from '@/shared/components/LoadError';
import { Spinner } from '@/shared/components/Spinner';
import type { Platform } from '@/shared/device/platform';
import { WhatsAppButton } from '@/shared/support/WhatsAppButton';
import { formatDateText, formatInstant } from '@/shared/format/format';
import { bundleTab, sortHistory } from '../api/profile';
import { useEsims } from '../hooks/useEsims';
import { EsimCard } from './EsimCard';
import { PlanAccordion } from './PlanAccordion';
import styles from './Profile.module.css';
import { PageTitle } from '@/shared/page/PageTitle';
import { useOnline } from '@/shared/offline/useOnline';
import { useInstallKit, type SavedKitState } from '../hooks/useInstallKit';
import { SavedKit } from './SavedKit';

type TabKey = 'active' | 'expired' | 'history';

/** The eSIMs with at least one bundle in the tab, each with only those bundles. */
function esimsIn(esims: Esim[], tab: 'active' | 'expired') {
  return esims.map((esim) => ({ esim, bundles: esim.bundles.filter((b) => bundleTab(b.bundleState) === tab) })).filter((x) => x.bundles.length > 0);
}

function Nothing() {
  const text = useText();
  return <p className={styles.empty}>{text('nothingToShow')}</p>;
}

type ProfileViewProps = {
  esims: Esim[];
  /** When the list was read (ms), for the usage notices. */
  fetchedAt?: number;
  /** The device family; read from the user agent by default. */
  platform?: Platform;
};

export function ProfileView({ esims, fetchedAt, platform }: ProfileViewProps) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const names = useAreaNames();
  const [tab, setTab] = useState<TabKey>('active');

  const list = (which: 'active' | 'expired') => () => {
    const items = esimsIn(esims, which);
    if (items.length === 0) return <Nothing />;
    return (
      <div className={styles.esims}>
        {items.map(({ esim, bundles }) => (
          <EsimCard key={esim.iccid} esim={esim} bundles={bundles} fetchedAt={fetchedAt} platform={platform} />
        ))}
      </div>
    );
  };

  const history = () => {
    const entries = sortHistory(
      esims.flatMap((esim) => esim.bundles.filter((b) => bundleTab(b.bundleState) !== 'hidden').map((bundle) => ({ esim, bundle, assignmentDatetime: bundle.assignmentDatetime }))),
    );
    if (entries.length === 0) return <Nothing />;
    return (
      <ol className={styles.history} aria-label={t('historyLabel')}>
        {entries.map(({ esim, bundle }, i) => {
          const date = formatDateText(bundle.assignmentDatetime, locale);
          const name = names.esimPlanName(bundle) || t('planFallback');
          return (
            <li key={`${esim.iccid}-${bundle.bundleId}-${i}`}>
              <PlanAccordion iccid={esim.iccid} bundle={bundle} title={date ? t('historyTitle', { name, date }) : name} level={2} />
            </li>
          );
        })}
      </ol>
    );
  };

  const items: TabItem<TabKey>[] = [
    { key: 'active', label: t('tabActive'), panel: list('active') },
    { key: 'expired', label: t('tabExpired'), panel: list('expired') },
    { key: 'history', label: t('tabHistory'), panel: history },
  ];
  return <Tabs label={t('heading')} items={items} selected={tab} onSelect={setTab} />;
}

/** useSavedLine is "Saved …" (in the customer's locale) for a saved kit, '' otherwise. */
function useSavedLine(kit: SavedKitState): string {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  return kit.status === 'ready' ? t('kitSavedAt', { time: formatInstant(kit.kit.savedAt, locale) }) : '';
}

/** OfflineKit is the profile without a network: the banner and the kit saved on this device. */
export function OfflineKit({ kit }: { kit: SavedKitState }) {
  const { t } = useTranslation('profile');
  const saved = useSavedLine(kit);
  return (
    <>
      <div role="status" className={styles.offlineBanner}>
        <span aria-hidden="true">⚠</span>
        <span>{t('kitOfflineBanner')}</span>
      </div>
      {kit.status === 'loading' && <Spinner label={t('kitLoading')} />}
      {kit.status === 'none' && <p className={styles.empty}>{t('kitOfflineNone')}</p>}
      {kit.status === 'error' && (
        <p role="alert" className={styles.error}>
          {t('kitReadError')}
        </p>
      )}
      {kit.status === 'ready' && <SavedKit kit={kit.kit} saved={saved} />}
    </>
  );
}

/**
 * /profile: the registered customer's eSIMs (the layout sends anyone else to /login). Each
 * load is saved as the offline install kit; offline, the page shows that kit instead.
 */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { token } = useSession();
  const claims = parseClaims(token);
  const name = [claims?.firstName, claims?.lastName].filter((s) => s && s.trim() !== '').join(' ');
  const { state, retry } = useEsims();
  const online = useOnline();
  const kit = useInstallKit(state.status === 'ready' ? state.esims : null);
  const saved = useSavedLine(kit);

  return (
    <div className="page">
      <PageTitle name={t('pageName')} />
      <h1>{t('heading')}</h1>
      <p className={styles.welcome}>{name ? t('welcomeName', { name }) : t('welcome')}</p>
      {!online && <OfflineKit kit={kit} />}
      {online && state.status === 'loading' && <Spinner label={t('loadingEsims')} />}
      {online && state.status === 'error' && (
        <>
          <LoadError message={t('esimsFailed')} onRetry={retry} />
          {/* A network that fails while the browser thinks it is online (airport Wi-Fi): the saved kit still helps. */}
          {kit.status === 'ready' && <SavedKit kit={kit.kit} saved={saved} />}
        </>
      )}
      {online && state.status === 'ready' && (
        <>
          <ProfileView esims={state.esims} fetchedAt={state.fetchedAt} />
          <div className={styles.help}>
            <WhatsAppButton />
          </div>
        </>
      )}
    </div>
  );
}
