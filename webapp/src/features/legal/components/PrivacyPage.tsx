import { useConfig } from '@/shared/config/ConfigContext';
import styles from './Legal.module.css';
import { PageTitle } from '@/shared/page/PageTitle';

/** Privacy policy (route /privacy): the data collected and the user's choices (spec section 2). */
export function PrivacyPage() {
  const { supportEmail } = useConfig();
  return (
    <article className={`page ${styles.legal}`}>
      <PageTitle name="Privacy Policy" />
      <h1>Privacy Policy</h1>
      <p className={styles.updated}>Last updated: May 31, 2024</p>

      <h2>What we collect</h2>
      <p>When you register, we ask for your name, your e-mail address and your phone number.</p>
      <p>
        While you use the service we also record your device&apos;s operating system, your IP address and your data
        usage, so we can deliver the eSIM, show your consumption and keep the service secure.
      </p>

      <h2>How we use it</h2>
      <p>
        We use this information to provide and support your plans, to send your QR code and service messages, and,
        if you agree, to tell you about offers.
      </p>

      <h2>Your choices</h2>
      <p>You can review and update your personal details at any time in your account settings.</p>
      <p>
        You can unsubscribe from promotional e-mails with the link in any of them; service messages about your plans
        are still sent.
      </p>

      <h2>Contact</h2>
      <p>
        For any privacy question write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    </article>
  );
}

export default PrivacyPage;
