import { BannerSlider } from './BannerSlider';
import { ContactBlock } from './ContactBlock';
import { Destinations } from './Destinations';
import { destinations } from './destinations';
import { HomeHead } from './HomeHead';
import { SetupBlock } from './SetupBlock';
import { slides } from './slides';
import { WhyChooseUs } from './WhyChooseUs';
import styles from './Home.module.css';

/** The home page (route /). */
export function HomePage() {
  return (
    <div className={`page ${styles.home}`}>
      <HomeHead />
      <h1 className="visually-hidden">Travel eSIM data plans</h1>
      <BannerSlider slides={slides} />
      <Destinations items={destinations} />
      <WhyChooseUs />
      <SetupBlock />
      <ContactBlock />
    </div>
  );
}

export default HomePage;
