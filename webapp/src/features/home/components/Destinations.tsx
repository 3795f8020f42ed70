import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Flag } from '@/shared/components/Flag';
import { countryName } from '@/shared/i18n/countryName';
import { useLocale } from '@/shared/i18n/useLocale';
import { plansLink, type Destination } from './destinations';
import styles from './Home.module.css';

/** The popular destination cards, each opening /plans on its destination, and the 'Explore Destinations' button. */
export function Destinations({ items }: { items: readonly Destination[] }) {
  const { t } = useTranslation('home');
  const locale = useLocale();
  // English keeps the spec's names (UAE, KSA); other languages name the country in themselves.
  const nameOf = (d: Destination) => (locale === 'en' ? d.name : (countryName(d.code, locale) ?? t('europe')));
  return (
    <section className={styles.section} aria-labelledby="home-destinations">
      <h2 id="home-destinations" className={styles.heading}>
        {t('destinationsHeading')}
      </h2>
      <ul className={styles.destinations}>
        {items.map((d, i) => (
          // The list repeats Italy, so the position is part of the key.
          <li key={`${d.code}-${i}`}>
            <Link className={styles.destination} to={plansLink(d)}>
              <Flag code={d.code} label="" size="lg" />
              <span>{nameOf(d)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className={styles.center}>
        <Link className={styles.button} to="/plans">
          {t('exploreDestinations')}
        </Link>
      </p>
    </section>
  );
}
