import { useTranslation } from 'react-i18next';
import { BannerSlider } from './BannerSlider';
import { ContactBlock } from './ContactBlock';
import { Destinations } from './Destinations';
import { destinations } from './destinations';
import { HomeHead } from './HomeHead';
import { SetupBlock } from './SetupBlock';
import { useSlides } from './slides';
import { WhyChooseUs } from './WhyChooseUs';
import styles from './Home.module.css';

/** The home page (route /). */
export function HomePage() {
  const { t } = useTranslation('home');
  const slides = useSlides();
  return (
    <div className={`page ${styles.home}`}>
      <HomeHead />
      <h1 className="visually-hidden">{t('pageHeading')}</h1>
      <BannerSlider slides={slides} />
      <Destinations items={destinations} />
      <WhyChooseUs />
      <SetupBlock />
      <ContactBlock />
    </div>
  );
}

export default HomePage;
