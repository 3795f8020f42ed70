import { useId, useMemo, useState } from 'react';
import { useAreaNames } from '@/shared/i18n/areaNames';
import { useTranslation } from 'react-i18next';
import { useDeviceStorage, useSession } from '@/shared/api/ApiContext';
import { isBundleState, type EsimBundle } from '@/shared/api/types';
import { LoadError } from '@/shared/components/LoadError';
import { Spinner } from '@/shared/components/Spinner';
import { formatDateText, formatInstant } from '@/shared/format/format';
import { useLocale } from '@/shared/i18n/useLocale';
import { accountKey } from '@/shared/query/queryClient';
import { loadReadings } from '@/shared/usage/readings';
import { instant } from '../api/profile';
import { runOutAt } from '../api/usage';
import { useBundleInfo } from '../hooks/useBundleInfo';
import { ConsumptionBar } from './ConsumptionBar';
import styles from './Profile.module.css';

type PlanAccordionProps = {
  iccid: string;
  bundle: EsimBundle;
  /** Heading text; the bundle's display name by default. */
  title?: string;
  /** The heading level of the toggle, so that headings follow the page's outline. */
  level?: 2 | 3 | 4;
};

/**
 * One plan of an eSIM: expanding it loads the eSIM's info (esims/:iccid/info) and shows
 * the bundle's status, dates in Beirut time and consumption.
 */
export function PlanAccordion({ iccid, bundle, title, level = 4 }: PlanAccordionProps) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const Heading = `h${level}` as const;
  const id = useId();
  const [open, setOpen] = useState(false);
  const info = useBundleInfo(iccid, open);
  const fresh = info.status === 'ready' ? info.bundles.find((b) => b.bundleId === bundle.bundleId) : undefined;
  const b = fresh ?? bundle;
  const names = useAreaNames();
  const name = title ?? (names.esimPlanName(bundle) || t('planFallback'));
  const account = accountKey(useSession());
  // The provider's states in the page's language; an unknown one is shown as sent.
  const stateText = (s: string) => (isBundleState(s) ? t(`state${s}`) : s);
  const fetchedAt = info.status === 'ready' ? info.fetchedAt : 0;
  // The readings this device kept (recorded when the info was fetched, so read again then).
  const storage = useDeviceStorage();
  const runOut = useMemo(
    () => (fetchedAt ? runOutAt(loadReadings(storage, account)[iccid]?.[bundle.bundleId] ?? []) : null),
    [storage, account, iccid, bundle.bundleId, fetchedAt],
  );

  return (
    <div className={styles.accordion}>
      <Heading className={styles.accordionHead}>
        <button type="button" aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setOpen((o) => !o)}>
          <span>{name}</span>
          <span className={styles.state}>{stateText(bundle.bundleState)}</span>
        </button>
      </Heading>
      <div id={`${id}-panel`} hidden={!open} className={styles.accordionPanel}>
        {open && info.status === 'loading' && <Spinner label={t('loadingPlan')} />}
        {/* Retried in place: no reload, the accordion stays open (issue 12). */}
        {open && info.status === 'error' && <LoadError message={t('planDetailsFailed')} onRetry={info.retry} />}
        {open && info.status === 'ready' && (
          <>
            <dl className={styles.facts}>
              <div>
                <dt>{t('status')}</dt>
                <dd>{stateText(b.bundleState) || '—'}</dd>
              </div>
              <div>
                <dt>{t('purchased')}</dt>
                <dd>{formatDateText(b.assignmentDatetime, locale) || '—'}</dd>
              </div>
              <div>
                <dt>{t('starts')}</dt>
                <dd>{formatDateText(b.startTime, locale) || t('notStarted')}</dd>
              </div>
              <div>
                <dt>{t('ends')}</dt>
                <dd>{formatDateText(b.endTime, locale) || '—'}</dd>
              </div>
            </dl>
            <ConsumptionBar initialQuantity={b.initialQuantity} remainingQuantity={b.remainingQuantity} unlimited={b.unlimited} />
            <UsageFreshness fetchedAt={fetchedAt} runOut={b.bundleState === 'Active' && !b.unlimited ? runOut : null} endTime={b.endTime} />
          </>
        )}
      </div>
    </div>
  );
}

/**
 * When the figures were read ("As of", Beirut time) and, with enough readings on this device,
 * when the data runs out at the current pace (or that it lasts until the plan, not yet over, ends).
 */
export function UsageFreshness({ fetchedAt, runOut, endTime }: { fetchedAt: number; runOut: number | null; endTime: string | null }) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const end = instant(endTime);
  return (
    <>
      <p className={styles.asOf}>{t('usageAsOf', { time: formatInstant(fetchedAt, locale) })}</p>
      {runOut !== null && (
        <p className={styles.estimate}>
          {end !== null && end > fetchedAt && runOut >= end ? t('usageLastsUntilEnd') : t('usageRunsOutAround', { time: formatInstant(runOut, locale) })}
        </p>
      )}
    </>
  );
}
