import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SocialLinks } from './SocialLinks';
import styles from './Layout.module.css';

/** The version label of spec section 1. */
export const VERSION_LABEL = 'v09302025.0';

/** The footer of every page: links, social links, copyright and the version label. */
export function Footer({ brand, year }: { brand: string; year: number }) {
  const { t } = useTranslation('layout');
  return (
    <footer className={`${styles.footer} surface-dark`}>
      <div className={styles.footerInner}>
        <nav aria-label={t('footerNav')}>
          <ul className={styles.footerLinks}>
            <li>
              <Link to="/plans">{t('navPlans')}</Link>
            </li>
            <li>
              <Link to="/setup-guide">{t('navSetupGuide')}</Link>
            </li>
            <li>
              <Link to="/faq">{t('navFaq')}</Link>
            </li>
            <li>
              <Link to="/contactus">{t('navContact')}</Link>
            </li>
            <li>
              <Link to="/terms-and-conditions">{t('terms')}</Link>
            </li>
            <li>
              <Link to="/privacy">{t('privacy')}</Link>
            </li>
          </ul>
        </nav>
        <SocialLinks tone="light" />
        <p className={styles.copyright}>
          {t('rightsReserved', { year, brand })} <span className={styles.version}>{VERSION_LABEL}</span>
        </p>
      </div>
    </footer>
  );
}
