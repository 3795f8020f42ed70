import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApi } from '@/shared/api/ApiContext';
import { toMessageError } from '@/shared/api/errors';
import { useConfig } from '@/shared/config/ConfigContext';
import { messageFor } from '@/shared/messages/messages';
import { storePendingUserId } from '@/shared/api/pendingUser';
import { LoginForm } from './LoginForm';
import styles from '@/shared/codeform/Form.module.css';
import { PageTitle } from '@/shared/page/PageTitle';

/** /login: sends the login code, keeps the user id pending and goes to the code page. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const api = useApi();
  const config = useConfig();
  const navigate = useNavigate();

  const send = async (email: string) => {
    try {
      const { userId } = await api.users.sendLoginCode(email);
      storePendingUserId(userId);
      await navigate(`/otp/${encodeURIComponent(email)}/${encodeURIComponent(userId)}`);
      return null;
    } catch (err) {
      console.warn('login: code not sent', err instanceof Error ? err.message : err);
      return messageFor('otpSendLogin', toMessageError(err), { phone: config.supportPhone, email: config.supportEmail });
    }
  };

  return (
    <div className="page">
      <div className={styles.wrap}>
        <PageTitle name={t('pageName')} />
        <h1>{t('heading')}</h1>
        <p className={styles.lead}>{t('lead')}</p>
        <LoginForm send={send} />
      </div>
    </div>
  );
}
