import { useTranslation } from 'react-i18next';

/** A banner slide; each links to /plans. */
export type Slide = { title: string; text: string; cta: string; image: string };

const img = (n: number) => `${import.meta.env.BASE_URL}images/home/slide-${n}.svg`;

/** useSlides is the four banner slides of the home page in the page's language. */
export function useSlides(): readonly Slide[] {
  const { t } = useTranslation('home');
  return [
    { title: t('slide1Title'), text: t('slide1Text'), cta: t('slide1Cta'), image: img(1) },
    { title: t('slide2Title'), text: t('slide2Text'), cta: t('slide2Cta'), image: img(2) },
    { title: t('slide3Title'), text: t('slide3Text'), cta: t('slide3Cta'), image: img(3) },
    { title: t('slide4Title'), text: t('slide4Text'), cta: t('slide4Cta'), image: img(4) },
  ];
}
