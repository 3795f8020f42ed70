import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { returnParam } from '@/shared/page/returnTo';
import { OtpForm } from '@/shared/codeform/OtpForm';
import styles from '@/shared/codeform/Form.module.css';
import { PageTitle } from '@/shared/page/PageTitle';

/** /otp/:email/:userId: the code entry; on success the customer goes to /profile, or back to ?next= (a top-up list). */
export function OtpPage() {
  const { t } = useTranslation('auth');
  const { email = '', userId = '' } = useParams();
  const navigate = useNavigate();
  const next = returnParam(useLocation().search);
  return (
    <div className="page">
      <div className={styles.wrap}>
        <PageTitle name={t('otpPageName')} />
        <h1>{t('otpHeading')}</h1>
        <OtpForm userId={userId} email={email} onVerified={() => void navigate(next || '/profile', { replace: true })} />
      </div>
    </div>
  );
}
