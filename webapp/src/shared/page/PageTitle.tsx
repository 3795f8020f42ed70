import { useEffect } from 'react';
import { useConfig } from '@/shared/config/ConfigContext';
import { usePrerenderHead } from '@/shared/prerender/PrerenderHead';
import { setDocumentTitle } from './head';

/** pageTitle is the document title of a page: the page's name, then the brand. */
export const pageTitle = (name: string, brand: string): string => (name ? `${name} - ${brand}` : brand);

/**
 * PageTitle sets the document title while its page is shown (WCAG 2.4.2): every route
 * names itself, then the brand. It updates index.html's <title> rather than rendering a
 * second one (a React <title> would be hoisted beside the served one).
 */
export function PageTitle({ name }: { name: string }) {
  const { brand } = useConfig();
  const title = pageTitle(name, brand);
  // At build time no effect runs: the prerendered page's <title> is collected instead.
  usePrerenderHead()?.({ title });
  useEffect(() => setDocumentTitle(title), [title]);
  return null;
}
