import { useTranslation } from 'react-i18next';
import { LoadError } from '@/shared/components/LoadError';
import { Spinner } from '@/shared/components/Spinner';
import { useQrCode } from '../hooks/useQrCode';
import styles from './Profile.module.css';

/** The eSIM's install QR code; fetched after 500 ms when the list did not carry it. */
export function QrCode({ iccid, base64 }: { iccid: string; base64: string }) {
  const { t } = useTranslation('profile');
  const qr = useQrCode(iccid, base64);
  return (
    <div className={styles.qr}>
      {qr.status === 'ready' && <img src={`data:image/png;base64,${qr.base64}`} alt={t('qrAlt', { iccid })} width={180} height={180} />}
      {qr.status === 'loading' && <Spinner label={t('loadingQr')} />}
      {qr.status === 'error' && <LoadError message={t('kitQrMissing')} onRetry={qr.retry} />}
    </div>
  );
}
