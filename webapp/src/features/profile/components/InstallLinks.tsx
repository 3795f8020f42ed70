import { useTranslation } from 'react-i18next';
import type { Platform } from '@/shared/device/platform';
import { androidLink, type ActivationCode } from '../api/lpa';
import styles from './Profile.module.css';

type InstallLinksProps = {
  platform: Platform;
  code: ActivationCode;
  /** The iPhone link the shop received (linkOnIphone), used as it is. */
  iPhoneLink: string;
};

/**
 * The one-tap install link of this phone: Android's on Android, Apple's on iOS; on any
 * other device both, to open on the phone (the QR code stays next to them).
 */
export function InstallLinks({ platform, code, iPhoneLink }: InstallLinksProps) {
  const { t } = useTranslation('profile');
  if (platform === 'ios') {
    return (
      <a className={styles.primaryLink} href={iPhoneLink}>
        {t('installOnThisIphone')}
      </a>
    );
  }
  if (platform === 'android') {
    return (
      <a className={styles.primaryLink} href={androidLink(code)}>
        {t('installOnThisAndroid')}
      </a>
    );
  }
  return (
    <div className={styles.installLinks}>
      <p className={styles.muted}>{t('installHint')}</p>
      <ul>
        <li>
          <a href={iPhoneLink}>{t('installOnAnIphone')}</a>
        </li>
        <li>
          <a href={androidLink(code)}>{t('installOnAnAndroid')}</a>
        </li>
      </ul>
    </div>
  );
}
