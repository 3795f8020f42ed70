import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '@/shared/config/ConfigContext';
import { metaContent, setDocumentTitle, setMeta } from '@/shared/page/head';
import { usePrerenderHead } from '@/shared/prerender/PrerenderHead';

/**
 * The landing page head (spec section 1): the title, description, keywords and sharing
 * tags are in the served index.html (static defaults of the build, replaced by `esim serve`
 * from its site configuration), where previewers read them. This only updates the one
 * title and the one description in place, never adds tags: in English they are the served
 * ones (og:title and og:description carry them, and no page changes those, so an
 * operator's title survives navigation); in Arabic and French their translations.
 */
export function HomeHead() {
  const { brand } = useConfig();
  const { t, i18n } = useTranslation('home');
  const title = t('metaTitle', { brand });
  const description = t('metaDescription');
  const english = i18n.language === 'en';
  // At build time: Arabic and French pages carry their own title and description; the
  // English page keeps the served ones (the site's, filled by `esim serve`).
  const collectHead = usePrerenderHead();
  if (!english) collectHead?.({ title, description });
  useEffect(() => {
    setDocumentTitle((english && metaContent('og:title')) || title);
    setMeta('description', (english && metaContent('og:description')) || description);
  }, [english, title, description]);
  return null;
}
