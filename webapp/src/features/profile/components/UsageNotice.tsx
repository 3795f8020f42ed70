import { Link } from 'react-router';
import type { EsimBundle } from '@/shared/api/types';
import { consumption, formatDateText } from '@/shared/format/format';
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
  const name = bundle.bundleDisplayName || bundle.description || bundle.name || 'Plan';
  const used = consumption(bundle.initialQuantity, bundle.remainingQuantity, bundle.unlimited).text;
  const end = formatDateText(bundle.endTime);
  return (
    <div className={styles.notice}>
      <p className={styles.noticeTitle}>{name}</p>
      {notice.lowData && <p>{bundle.remainingQuantity <= 0 ? 'You have used all of your data.' : `You have used ${used} of your data.`}</p>}
      {notice.expiresSoon && <p>{end ? `This plan ends within 24 hours (${end}).` : 'This plan ends within 24 hours.'}</p>}
      {topup ? (
        <Link className={styles.primaryLink} to={topup}>
          Top up this eSIM
        </Link>
      ) : (
        <Link className={styles.primaryLink} to="/plans">
          Buy new eSIM
        </Link>
      )}
    </div>
  );
}
