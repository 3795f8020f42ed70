import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useApiClient } from '@/shared/api/ApiContext';
import { Spinner } from '@/shared/components/Spinner';
import { landWithToken } from '../api/verifyEmailToken';
import { PageTitle } from '@/shared/page/PageTitle';

/** /token/:token?: the token check, the login routine or the stored sub, then always home. */
export function TokenPage() {
  const { t } = useTranslation('token');
  const { token = '' } = useParams();
  const client = useApiClient();
  const navigate = useNavigate();
  // One check per token, also when StrictMode runs the effect twice.
  const started = useRef('');

  useEffect(() => {
    if (started.current === token && token !== '') return;
    started.current = token;
    const home = () => void navigate('/', { replace: true });
    if (!token) {
      home();
      return;
    }
    landWithToken(client, token)
      .catch((err: unknown) => console.error('token landing: check failed', err instanceof Error ? err.message : err))
      .finally(home);
  }, [client, token, navigate]);

  return (
    <div className="page">
      <PageTitle name={t('checkingLink')} />
      <h1 className="visually-hidden">{t('checkingLink')}</h1>
      <Spinner label={t('checkingLink')} />
    </div>
  );
}
