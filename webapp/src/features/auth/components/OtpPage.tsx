import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { OtpForm } from '@/shared/codeform/OtpForm';
import styles from '@/shared/codeform/Form.module.css';
import { PageTitle } from '@/shared/page/PageTitle';

/** /otp/:email/:userId: the code entry; on success the customer goes to /profile. */
export function OtpPage() {
  const { t } = useTranslation('auth');
  const { email = '', userId = '' } = useParams();
  const navigate = useNavigate();
  return (
    <div className="page">
      <div className={styles.wrap}>
        <PageTitle name={t('otpPageName')} />
        <h1>{t('otpHeading')}</h1>
        <OtpForm userId={userId} email={email} onVerified={() => void navigate('/profile', { replace: true })} />
      </div>
    </div>
  );
}
