import { useTranslation } from 'react-i18next';
import { useConfig } from '@/shared/config/ConfigContext';
import { WhatsAppButton } from '@/shared/support/WhatsAppButton';
import styles from './Contact.module.css';

/** Support phone, e-mail and, when configured, WhatsApp and the live-chat link. */
export function ContactInfo() {
  const { supportPhone, supportEmail, liveChatUrl, whatsapp } = useConfig();
  const { t } = useTranslation('contact');
  return (
    <section className={styles.info} aria-labelledby="contact-info">
      <h2 id="contact-info" className={styles.formTitle}>
        Reach us directly
      </h2>
      <dl className={styles.channels}>
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={`tel:${supportPhone.replace(/[^\d+]/g, '')}`}>{supportPhone}</a>
          </dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </dd>
        </div>
        {whatsapp && (
          <div>
            <dt>{t('whatsappLabel')}</dt>
            <dd>
              <WhatsAppButton />
            </dd>
          </div>
        )}
        {liveChatUrl && (
          <div>
            <dt>Live chat</dt>
            <dd>
              <a href={liveChatUrl} target="_blank" rel="noopener noreferrer">
                Chat with us now<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
