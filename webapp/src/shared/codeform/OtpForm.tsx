import { Trans, useTranslation } from 'react-i18next';
import { useLocalizeMessage } from '@/shared/messages/localize';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useApi } from '@/shared/api/ApiContext';
import { toMessageError } from '@/shared/api/errors';
import { asciiDigits } from '@/shared/i18n/digits';
import { LiveRegion } from '@/shared/components/LiveRegion';
import { Spinner } from '@/shared/components/Spinner';
import { useConfig } from '@/shared/config/ConfigContext';
import { messageFor } from '@/shared/messages/messages';
import { useLogin } from '@/shared/api/login';
import { pendingUserId, storePendingUserId } from '@/shared/api/pendingUser';
import { CaptchaGate, useCaptcha } from '@/shared/captcha/CaptchaProvider';
import styles from './Form.module.css';

export type OtpFormProps = {
  /** The user id the code was sent for (users/otp/send_email's data.userId). */
  userId: string;
  /** Where the code went; shown, and used by the default resend. */
  email: string;
  /** Called once the customer is logged in (tokens stored, isGuest 'false'). */
  onVerified: () => void;
  /**
   * Sends a new code and returns its user id. Defaults to the login code (flag true);
   * checkout passes its signup resend.
   */
  onResend?: () => Promise<string>;
  /** Focus the code field when the form appears (the next step of a form, not a page). */
  focusOnMount?: boolean;
};

/**
 * OtpForm is the e-mail code entry of spec sections 2, 4 and 8: a numeric, required code,
 * a resend, the captcha token, every verify error in its words, the field cleared after
 * each attempt. Reused by the checkout page.
 */
export function OtpForm(props: OtpFormProps) {
  return (
    <CaptchaGate>
      <OtpFormInner {...props} />
    </CaptchaGate>
  );
}

type Status = { kind: 'idle' } | { kind: 'verifying' } | { kind: 'resending' } | { kind: 'resent' } | { kind: 'error'; text: string; refused?: boolean };

function OtpFormInner({ userId, email, onVerified, onResend, focusOnMount = false }: OtpFormProps) {
  const { t } = useTranslation('shared');
  const id = useId();
  const api = useApi();
  const config = useConfig();
  const login = useLogin();
  const captcha = useCaptcha();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<'' | 'otpEmpty' | 'otpDigitsOnly'>('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [currentUser, setCurrentUser] = useState(userId);
  const busy = status.kind === 'verifying' || status.kind === 'resending';
  const support = { phone: config.supportPhone, email: config.supportEmail };
  const localize = useLocalizeMessage(support);

  useEffect(() => {
    if (focusOnMount) input.current?.focus();
    // Only when the form first appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    // Digits typed on an Arabic or Persian keyboard count as digits (sent as ASCII).
    const otp = asciiDigits(code.trim());
    if (otp === '') {
      setFieldError('otpEmpty');
      input.current?.focus();
      return;
    }
    if (!/^\d+$/.test(otp)) {
      setFieldError('otpDigitsOnly');
      input.current?.focus();
      return;
    }
    setFieldError('');
    // Section 5: without a captcha token the submit does nothing.
    if (!captcha?.ready) {
      console.info('otp: captcha not ready, submit ignored');
      return;
    }
    setStatus({ kind: 'verifying' });
    try {
      const token = await captcha.execute('verify_otp');
      // Spec section 7: the verification's user id comes from storage (the pending user id
      // stored when the code was sent); the URL's is only the fallback when storage is
      // unavailable (private mode), never the first choice.
      await login(pendingUserId() || currentUser, otp, token);
      setCode('');
      setStatus({ kind: 'idle' });
      onVerified();
    } catch (err) {
      console.warn('otp: verification failed', err instanceof Error ? err.message : err);
      setCode('');
      setStatus({ kind: 'error', text: messageFor('otpVerify', toMessageError(err), support).text, refused: true });
      input.current?.focus();
    }
  };

  const resend = async () => {
    if (busy) return;
    setStatus({ kind: 'resending' });
    try {
      const next = onResend ? await onResend() : (await api.users.sendLoginCode(email)).userId;
      if (next) {
        setCurrentUser(next);
        storePendingUserId(next);
      }
      setStatus({ kind: 'resent' });
    } catch (err) {
      console.warn('otp: resend failed', err instanceof Error ? err.message : err);
      // A caller's resend is the signup code (checkout); the default one is the login code.
      const context = onResend ? 'otpSendSignup' : 'otpSendLogin';
      setStatus({ kind: 'error', text: messageFor(context, toMessageError(err), support).text });
    }
  };

  const codeId = `${id}-code`;
  const errorId = `${id}-error`;
  // A refused code leaves the (cleared) field invalid and pointing at the reason.
  const refused = status.kind === 'error' && status.refused === true;
  const described = [fieldError ? `${id}-field-error` : '', refused ? errorId : '', `${id}-hint`].filter(Boolean).join(' ');
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy} aria-label={t('otpFormLabel')}>
      <p id={`${id}-hint`} className={styles.hint}>
        <Trans t={t} i18nKey="otpSentTo" values={{ email }} components={{ address: <strong className={styles.address} dir="ltr" /> }} />
      </p>
      <div className={styles.field}>
        <label htmlFor={codeId}>{t('otpCodeLabel')}</label>
        <input
          ref={input}
          id={codeId}
          name="otp"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={fieldError || refused ? true : undefined}
          aria-describedby={described}
        />
        {fieldError && (
          <p id={`${id}-field-error`} className={styles.fieldError}>
            {t(fieldError)}
          </p>
        )}
      </div>
      {/* Both regions are there from the start, so the change inside them is announced. */}
      <LiveRegion role="alert" id={errorId} className={styles.error}>
        {status.kind === 'error' ? localize({ text: status.text, hints: [], link: '' }).text : ''}
      </LiveRegion>
      <LiveRegion className={status.kind === 'resent' ? styles.success : 'visually-hidden'}>
        {status.kind === 'resent' ? t('otpResent') : status.kind === 'verifying' ? t('otpVerifying') : status.kind === 'resending' ? t('otpResending') : ''}
      </LiveRegion>
      {busy && <Spinner quiet />}
      <div className={styles.actions}>
        {/* aria-disabled, not disabled: a disabled button drops the focus to the page body. */}
        <button type="submit" className={styles.primary} aria-disabled={busy}>
          {t('otpVerify')}
        </button>
        <button type="button" className={styles.secondary} onClick={() => void resend()} aria-disabled={busy}>
          {t('otpResend')}
        </button>
      </div>
    </form>
  );
}
