import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useText } from '@/shared/messages/localize';
import { PageTitle } from '@/shared/page/PageTitle';

/**
 * The error page. An address that matches no route (notFound) says the page was not found
 * and leads home: a mistyped address is not an application error (issue 24; a deviation
 * from spec section 2, docs/contract.md). An error thrown while rendering or loading a page
 * keeps the spec's 'Unexpected Application Error!'.
 */
export function ErrorPage({ notFound = false }: { notFound?: boolean }) {
  const { t } = useTranslation('shared');
  const text = useText();
  const title = notFound ? t('pageNotFound') : text('applicationErrorTitle');
  return (
    <div className="page">
      <PageTitle name={title} />
      <h1>{title}</h1>
      {notFound && <p>{t('notFoundText')}</p>}
      <p>
        <Link to="/">{t('backHome')}</Link>
      </p>
    </div>
  );
}
