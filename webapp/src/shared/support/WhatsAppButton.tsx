import { useTranslation } from 'react-i18next';
import { useConfig } from '@/shared/config/ConfigContext';
import { whatsAppLink } from './whatsapp';
import { WhatsAppIcon } from './WhatsAppIcon';
import styles from './WhatsAppButton.module.css';

type WhatsAppButtonProps = {
  /** The message ready to send, in the customer's language; a general request for help by default. */
  message?: string;
  /** Said to screen readers after the label, e.g. which eSIM the chat is about. */
  context?: string;
};

/**
 * A link that opens a WhatsApp chat with support (wa.me) with the message prefilled. Hidden
 * when the runtime configuration has no WhatsApp number.
 */
export function WhatsAppButton({ message, context }: WhatsAppButtonProps) {
  const { whatsapp } = useConfig();
  const { t } = useTranslation('shared');
  if (!whatsapp) return null;
  const newTab = t('opensNewTab');
  return (
    // data-config-if: `esim serve` removes it from prerendered pages when no number is configured.
    <a
      className={styles.button}
      href={whatsAppLink(whatsapp, message ?? t('whatsappHelp'))}
      target="_blank"
      rel="noopener noreferrer"
      data-config-if="whatsapp"
    >
      <WhatsAppIcon />
      {t('whatsappChat')}{' '}
      <span className="visually-hidden">{context ? `${context} (${newTab})` : `(${newTab})`}</span>
    </a>
  );
}
