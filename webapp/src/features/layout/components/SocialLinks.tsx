import { useConfig } from '@/shared/config/ConfigContext';
import { whatsAppLink } from '@/shared/support/whatsapp';
import { WHATSAPP_PATH } from '@/shared/support/WhatsAppIcon';
import { useTranslation } from 'react-i18next';
import styles from './Layout.module.css';

type Social = {
  name: string;
  href: string;
  path: string;
  /** The configuration field the link depends on: `esim serve` removes it from prerendered pages when empty. */
  configIf?: 'whatsapp';
};

// Simple drawn glyphs (24x24), so no icon font or external image is needed.
const SOCIALS: Social[] = [
  {
    name: 'Facebook',
    href: 'https://www.facebook.com/',
    path: 'M14 8h3V4h-3c-2.8 0-4 1.7-4 4.3V10H7v4h3v10h4V14h3l1-4h-4V8.6c0-.4.3-.6.6-.6Z',
  },
  {
    name: 'Instagram',
    href: 'https://www.instagram.com/',
    path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm0 2a2 2 0 0 0-2 2v10c0 1.1.9 2 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2H7Zm5 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7Zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3ZM17 6a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z',
  },
  {
    name: 'LinkedIn',
    href: 'https://www.linkedin.com/',
    path: 'M4 9h4v12H4V9Zm2-6a2 2 0 1 1 0 4 2 2 0 0 1 0-4Zm4 6h4v1.7c.6-1 1.9-2 4-2 3.4 0 4 2.2 4 5V21h-4v-5.6c0-1.4 0-3-1.9-3s-2.1 1.4-2.1 2.9V21h-4V9Z',
  },
];

/** Social network links with drawn icons, and the support WhatsApp chat when configured; each link is named for screen readers. */
export function SocialLinks({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const { whatsapp } = useConfig();
  // WhatsApp opens a chat with support (wa.me), only when the shop has a number.
  const socials = whatsapp
    ? [...SOCIALS, { name: 'WhatsApp', href: whatsAppLink(whatsapp, ''), path: WHATSAPP_PATH, configIf: 'whatsapp' as const }]
    : SOCIALS;
  const { t } = useTranslation('layout');
  return (
    <ul className={`${styles.socials} ${tone === 'light' ? styles.socialsLight : ''}`}>
      {socials.map((s) => (
        <li key={s.name} data-config-if={s.configIf}>
          <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={t('opensInNewTab', { name: s.name })}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d={s.path} fill="currentColor" />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
