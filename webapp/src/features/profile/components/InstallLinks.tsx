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
  if (platform === 'ios') {
    return (
      <a className={styles.primaryLink} href={iPhoneLink}>
        Install on this iPhone
      </a>
    );
  }
  if (platform === 'android') {
    return (
      <a className={styles.primaryLink} href={androidLink(code)}>
        Install on this Android phone
      </a>
    );
  }
  return (
    <div className={styles.installLinks}>
      <p className={styles.muted}>On your phone, open this page and tap its install link, or scan the QR code.</p>
      <ul>
        <li>
          <a href={iPhoneLink}>Install on an iPhone</a>
        </li>
        <li>
          <a href={androidLink(code)}>Install on an Android phone</a>
        </li>
      </ul>
    </div>
  );
}
