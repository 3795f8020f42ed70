import { Link } from 'react-router';
import { Flag } from '@/shared/components/Flag';
import { plansLink, type Destination } from './destinations';
import styles from './Home.module.css';

/** The popular destination cards, each opening /plans on its destination, and the 'Explore Destinations' button. */
export function Destinations({ items }: { items: readonly Destination[] }) {
  return (
    <section className={styles.section} aria-labelledby="home-destinations">
      <h2 id="home-destinations" className={styles.heading}>
        Popular Destinations
      </h2>
      <ul className={styles.destinations}>
        {items.map((d, i) => (
          // The list repeats Italy, so the position is part of the key.
          <li key={`${d.code}-${i}`}>
            <Link className={styles.destination} to={plansLink(d)}>
              <Flag code={d.code} label="" size="lg" />
              <span>{d.name}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className={styles.center}>
        <Link className={styles.button} to="/plans">
          Explore Destinations
        </Link>
      </p>
    </section>
  );
}
