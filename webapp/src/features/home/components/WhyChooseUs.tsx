import { useTranslation } from 'react-i18next';
import styles from './Home.module.css';

type Benefit = { n: 1 | 2 | 3 | 4; icon: string };

// Icons are drawn inline (24 px grid paths) so the block needs no extra requests.
const benefits: readonly Benefit[] = [
  {
    n: 1,
    icon: 'M12 2v6m0 8v6M2 12h6m8 0h6M5 5l4 4m6 6l4 4M19 5l-4 4m-6 6l-4 4',
  },
  {
    n: 2,
    icon: 'M4 17l5-5 4 4 7-8M14 8h6v6',
  },
  {
    n: 3,
    icon: 'M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5zM8.5 12l2.5 2.5L16 9.5',
  },
  {
    n: 4,
    icon: 'M3 12l9-9h8v8l-9 9zM16 8h.01',
  },
];

/** The four why-choose-us benefits. */
export function WhyChooseUs() {
  const { t } = useTranslation('home');
  return (
    <section className={styles.section} aria-labelledby="home-why">
      <h2 id="home-why" className={styles.heading}>
        {t('whyHeading')}
      </h2>
      <ul className={styles.benefits}>
        {benefits.map((b) => (
          <li key={b.n} className={styles.benefit}>
            <svg className={styles.benefitIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={b.icon} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <h3 className={styles.benefitTitle}>{t(`benefit${b.n}Title`)}</h3>
            <p>{t(`benefit${b.n}Text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
