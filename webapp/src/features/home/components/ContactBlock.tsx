import { useConfig } from '@/shared/config/ConfigContext';
import styles from './Home.module.css';

/** The home contact block: support phone and e-mail from the runtime configuration. */
export function ContactBlock() {
  const { supportPhone, supportEmail } = useConfig();
  return (
    <section className={styles.section} aria-labelledby="home-contact">
      <h2 id="home-contact" className={styles.heading}>
        Need help? Talk to us
      </h2>
      <ul className={styles.contact}>
        <li>
          <span className={styles.contactLabel}>Phone</span>
          <a href={`tel:${supportPhone.replace(/[^\d+]/g, '')}`}>{supportPhone}</a>
        </li>
        <li>
          <span className={styles.contactLabel}>E-mail</span>
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
        </li>
      </ul>
    </section>
  );
}
