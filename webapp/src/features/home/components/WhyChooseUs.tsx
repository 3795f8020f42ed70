import styles from './Home.module.css';

type Benefit = { title: string; text: string; icon: string };

// Icons are drawn inline (24 px grid paths) so the block needs no extra requests.
const benefits: readonly Benefit[] = [
  {
    title: 'Effortless online activation',
    text: 'Buy and install your eSIM online before you travel, and you are connected the moment you land.',
    icon: 'M12 2v6m0 8v6M2 12h6m8 0h6M5 5l4 4m6 6l4 4M19 5l-4 4m-6 6l-4 4',
  },
  {
    title: 'Far cheaper than roaming',
    text: 'Prepaid local-rate data costs a fraction of what your home operator charges for roaming.',
    icon: 'M4 17l5-5 4 4 7-8M14 8h6v6',
  },
  {
    title: 'Secure, private connection',
    text: 'Your own encrypted mobile data link, instead of shared public Wi-Fi at airports and hotels.',
    icon: 'M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5zM8.5 12l2.5 2.5L16 9.5',
  },
  {
    title: 'Plans from 2$',
    text: 'Small bundles for short trips and large ones for long stays: pay only for the data you need.',
    icon: 'M3 12l9-9h8v8l-9 9zM16 8h.01',
  },
];

/** The four why-choose-us benefits. */
export function WhyChooseUs() {
  return (
    <section className={styles.section} aria-labelledby="home-why">
      <h2 id="home-why" className={styles.heading}>
        Why choose us
      </h2>
      <ul className={styles.benefits}>
        {benefits.map((b) => (
          <li key={b.title} className={styles.benefit}>
            <svg className={styles.benefitIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={b.icon} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <h3 className={styles.benefitTitle}>{b.title}</h3>
            <p>{b.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
