import { useConfig } from '@/shared/config/ConfigContext';
import { whatsAppLink } from './whatsapp';
import { WhatsAppIcon } from './WhatsAppIcon';
import styles from './WhatsAppButton.module.css';

type WhatsAppButtonProps = {
  /** The message ready to send, in the customer's language. */
  message: string;
  /** The visible text. */
  label?: string;
  /** Said to screen readers after the label, e.g. which eSIM the chat is about. */
  context?: string;
  /** Said to screen readers: the link opens a new tab. */
  newTab?: string;
};

/**
 * A link that opens a WhatsApp chat with support (wa.me) with the message prefilled. Hidden
 * when the runtime configuration has no WhatsApp number.
 */
export function WhatsAppButton({ message, label = 'Chat on WhatsApp', context, newTab = 'opens in a new tab' }: WhatsAppButtonProps) {
  const { whatsapp } = useConfig();
  if (!whatsapp) return null;
  return (
    <a className={styles.button} href={whatsAppLink(whatsapp, message)} target="_blank" rel="noopener noreferrer">
      <WhatsAppIcon />
      {label}{' '}
      <span className="visually-hidden">{context ? `${context} (${newTab})` : `(${newTab})`}</span>
    </a>
  );
}
