import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { returnParam, withReturn } from '@/shared/page/returnTo';
import { useApi } from '@/shared/api/ApiContext';
import { toMessageError } from '@/shared/api/errors';
import { useConfig } from '@/shared/config/ConfigContext';
import { messageFor } from '@/shared/messages/messages';
import { storePendingUserId } from '@/shared/api/pendingUser';
import { LoginForm } from './LoginForm';
import styles from '@/shared/codeform/Form.module.css';
import { PageTitle } from '@/shared/page/PageTitle';

/** /login: sends the login code, keeps the user id pending and goes to the code page (carrying ?next=). */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const api = useApi();
  const config = useConfig();
  const navigate = useNavigate();
  const next = returnParam(useLocation().search);

  const send = async (email: string) => {
    try {
      const { userId } = await api.users.sendLoginCode(email);
      storePendingUserId(userId);
      await navigate(withReturn(`/otp/${encodeURIComponent(email)}/${encodeURIComponent(userId)}`, next));
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
