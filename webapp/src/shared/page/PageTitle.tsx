import { useConfig } from '@/shared/config/ConfigContext';

/** pageTitle is the document title of a page: the page's name, then the brand. */
export const pageTitle = (name: string, brand: string): string => (name ? `${name} - ${brand}` : brand);

/**
 * PageTitle sets the document title while its page is shown (WCAG 2.4.2): every route
 * names itself, then the brand. React 19 hoists the title element into <head>, ahead of
 * index.html's, and removes it when the page goes.
 */
export function PageTitle({ name }: { name: string }) {
  const { brand } = useConfig();
  return <title>{pageTitle(name, brand)}</title>;
}
