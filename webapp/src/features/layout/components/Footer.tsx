import { Link } from 'react-router';
import { SocialLinks } from './SocialLinks';
import styles from './Layout.module.css';

/** The version label of spec section 1. */
export const VERSION_LABEL = 'v09302025.0';

/** The footer of every page: links, social links, copyright and the version label. */
export function Footer({ brand, year }: { brand: string; year: number }) {
  return (
    <footer className={`${styles.footer} surface-dark`}>
      <div className={styles.footerInner}>
        <nav aria-label="Footer">
          <ul className={styles.footerLinks}>
            <li>
              <Link to="/plans">Plans</Link>
            </li>
            <li>
              <Link to="/setup-guide">Setup Guide</Link>
            </li>
            <li>
              <Link to="/faq">FAQ</Link>
            </li>
            <li>
              <Link to="/contactus">Let&apos;s Talk</Link>
            </li>
            <li>
              <Link to="/terms-and-conditions">Terms and Conditions</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
          </ul>
        </nav>
        <SocialLinks tone="light" />
        <p className={styles.copyright}>
          © {year} {brand}. All rights reserved. <span className={styles.version}>{VERSION_LABEL}</span>
        </p>
      </div>
    </footer>
  );
}
