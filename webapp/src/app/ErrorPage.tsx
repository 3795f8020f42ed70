import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { texts } from '@/shared/messages/messages';
import { PageTitle } from '@/shared/page/PageTitle';

/** The router's error page: unknown routes and errors thrown while rendering or loading. */
export function ErrorPage() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : '';
  if (!isRouteErrorResponse(error)) console.error('route error', error);
  return (
    <div className="page">
      <PageTitle name={isRouteErrorResponse(error) && error.status === 404 ? 'Page not found' : texts.applicationErrorTitle} />
      <h1>{texts.applicationErrorTitle}</h1>
      {status && <p>{status}</p>}
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </div>
  );
}
