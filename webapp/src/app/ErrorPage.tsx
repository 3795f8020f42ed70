import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useText } from '@/shared/messages/localize';
import { PageTitle } from '@/shared/page/PageTitle';

/** The error page: an unknown route (notFound) or an error thrown while rendering or loading a page. */
export function ErrorPage({ notFound = false }: { notFound?: boolean }) {
  const { t } = useTranslation('shared');
  const text = useText();
  return (
    <div className="page">
      <PageTitle name={notFound ? t('pageNotFound') : text('applicationErrorTitle')} />
      <h1>{text('applicationErrorTitle')}</h1>
      {notFound && <p>{t('notFound404')}</p>}
      <p>
        <Link to="/">{t('backHome')}</Link>
      </p>
    </div>
  );
}
