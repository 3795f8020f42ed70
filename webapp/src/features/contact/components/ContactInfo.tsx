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
        {t('reachUs')}
      </h2>
      <dl className={styles.channels}>
        <div>
          <dt>{t('phone')}</dt>
          <dd>
            <a href={`tel:${supportPhone.replace(/[^\d+]/g, '')}`} dir="ltr">
              {supportPhone}
            </a>
          </dd>
        </div>
        <div>
          <dt>{t('email')}</dt>
          <dd>
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </dd>
        </div>
        {/* data-config-if: `esim serve` removes these from prerendered pages when the field is empty. */}
        {whatsapp && (
          <div data-config-if="whatsapp">
            <dt>{t('whatsappLabel')}</dt>
            <dd>
              <WhatsAppButton />
            </dd>
          </div>
        )}
        {liveChatUrl && (
          <div data-config-if="liveChatUrl">
            <dt>{t('liveChat')}</dt>
            <dd>
              <a href={liveChatUrl} target="_blank" rel="noopener noreferrer">
                {t('chatNow')}
                <span className="visually-hidden">{t('opensNewTab')}</span>
              </a>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
