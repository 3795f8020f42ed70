import { useTranslation } from 'react-i18next';
import { useAreaNames } from '@/shared/i18n/areaNames';
import { Link } from 'react-router';
import type { EsimBundle } from '@/shared/api/types';
import { consumption, formatInstant } from '@/shared/format/format';
import { useLocale } from '@/shared/i18n/useLocale';
import { instant } from '../api/profile';
import type { UsageNotice as Notice } from '../api/usage';
import styles from './Profile.module.css';

type UsageNoticeProps = {
  bundle: EsimBundle;
  notice: Notice;
  /** The top-up page of the eSIM, '' when it cannot be topped up (then: buy a new plan). */
  topup: string;
};

/** A plan that has used >= 80% of its data or ends within 24 hours, with the way to more data. */
export function UsageNotice({ bundle, notice, topup }: UsageNoticeProps) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const name = useAreaNames().esimPlanName(bundle);
  // In the page's locale, as the consumption bar writes it (French: '90 %').
  const used = consumption(bundle.initialQuantity, bundle.remainingQuantity, bundle.unlimited, locale).text;
  const end = instant(bundle.endTime);
  return (
    <div className={styles.notice}>
      {name && <p className={styles.noticeTitle}>{name}</p>}
      {notice.lowData && <p>{bundle.remainingQuantity <= 0 ? t('usageUsedAll') : t('usageUsedShare', { percent: used })}</p>}
      {notice.expiresSoon && <p>{end === null ? t('usageEndsSoon') : t('usageEndsSoonAt', { date: formatInstant(end, locale) })}</p>}
      <Link className={styles.primaryLink} to={topup || '/plans'}>
        {topup ? t('usageTopUp') : t('usageBuyNew')}
      </Link>
    </div>
  );
}
