import { useEffect } from 'react';
import { useConfig } from '@/shared/config/ConfigContext';
import { metaContent, setDocumentTitle, setMeta } from '@/shared/page/head';

/** The landing page's description when the served HTML has none (storybook, tests). */
export const HOME_DESCRIPTION =
  'Buy prepaid travel eSIM data plans for 200+ destinations. Activate online before you travel, pay far less than roaming, and stay connected securely. Plans from 2$.';

/** homeTitle is the landing page's title when the served HTML names none. */
export const homeTitle = (brand: string) => `${brand} - The number one eSIM service in Lebanon`;

/**
 * The landing page head (spec section 1): the title, description, keywords and sharing
 * tags are in the served index.html (static defaults of the build, replaced by `esim serve`
 * from its site configuration), where previewers read them. Coming back to / from another
 * page, the title returns to the site's (og:title carries it; no page changes it), and the
 * description is ensured, each updated in place, never added twice.
 */
export function HomeHead() {
  const { brand } = useConfig();
  useEffect(() => {
    setDocumentTitle(metaContent('og:title') || homeTitle(brand));
    if (!metaContent('description')) setMeta('description', HOME_DESCRIPTION);
  }, [brand]);
  return null;
}
