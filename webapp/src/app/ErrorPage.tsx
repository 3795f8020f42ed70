import { Link } from 'react-router';
import { texts } from '@/shared/messages/messages';
import { PageTitle } from '@/shared/page/PageTitle';

/** The error page: an unknown route (notFound) or an error thrown while rendering or loading a page. */
export function ErrorPage({ notFound = false }: { notFound?: boolean }) {
  return (
    <div className="page">
      <PageTitle name={notFound ? 'Page not found' : texts.applicationErrorTitle} />
      <h1>{texts.applicationErrorTitle}</h1>
      {notFound && <p>404 Not Found</p>}
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </div>
  );
}
