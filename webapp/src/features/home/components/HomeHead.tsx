import { useTranslation } from 'react-i18next';
import { useConfig } from '@/shared/config/ConfigContext';
import { destinations } from './destinations';

// Keywords for many destination countries (spec section 1), beyond the 11 home cards.
const keywordCountries = [
  ...new Set([
    ...destinations.map((d) => d.name),
    'Saudi Arabia',
    'United Arab Emirates',
    'Germany',
    'Egypt',
    'Cyprus',
    'Qatar',
    'Jordan',
    'Switzerland',
    'Netherlands',
    'Portugal',
    'Canada',
    'Japan',
    'Thailand',
    'Australia',
    'Brazil',
  ]),
];

/**
 * The landing page head, rendered with React 19 document metadata: React hoists these
 * title and meta elements into <head> while the home page is shown.
 */
export function HomeHead() {
  const { brand } = useConfig();
  const { t } = useTranslation('home');
  const title = t('metaTitle', { brand });
  const description = t('metaDescription');
  const keywords = ['eSIM', 'travel eSIM', 'data plan', 'Lebanon', ...keywordCountries.map((c) => `${c} eSIM`)].join(', ');
  const image = `${window.location.origin}${import.meta.env.BASE_URL}images/home/slide-1.svg`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta name="keywords" content={keywords} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={brand} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={window.location.origin} />
      <meta property="og:image" content={image} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
    </>
  );
}
