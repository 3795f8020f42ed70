import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './Home.module.css';

const img = (name: string) => `${import.meta.env.BASE_URL}images/home/${name}.svg`;

/** The setup block: links to the Android and iOS install guides. */
export function SetupBlock() {
  const { t } = useTranslation('home');
  return (
    <section className={styles.section} aria-labelledby="home-setup">
      <h2 id="home-setup" className={styles.heading}>
        {t('setupHeading')}
      </h2>
      <p className={styles.center}>{t('setupText')}</p>
      <ul className={styles.platforms}>
        <li>
          <Link className={styles.platform} to="/setup-guide/android">
            <img src={img('android')} alt="" width="64" height="64" />
            <span>{t('androidGuide')}</span>
          </Link>
        </li>
        <li>
          <Link className={styles.platform} to="/setup-guide/ios">
            <img src={img('ios')} alt="" width="64" height="64" />
            <span>{t('iosGuide')}</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}
