import { useTranslation } from 'react-i18next';
import { useConfig } from '@/shared/config/ConfigContext';
import styles from './Home.module.css';

/** The home contact block: support phone and e-mail from the runtime configuration. */
export function ContactBlock() {
  const { supportPhone, supportEmail } = useConfig();
  const { t } = useTranslation('home');
  return (
    <section className={styles.section} aria-labelledby="home-contact">
      <h2 id="home-contact" className={styles.heading}>
        {t('contactHeading')}
      </h2>
      <ul className={styles.contact}>
        <li>
          <span className={styles.contactLabel}>{t('phone')}</span>
          <a href={`tel:${supportPhone.replace(/[^\d+]/g, '')}`} dir="ltr">
            {supportPhone}
          </a>
        </li>
        <li>
          <span className={styles.contactLabel}>{t('email')}</span>
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
        </li>
      </ul>
    </section>
  );
}
