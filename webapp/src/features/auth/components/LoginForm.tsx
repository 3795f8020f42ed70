import { useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '@/shared/config/ConfigContext';
import { useLocalizeMessage } from '@/shared/messages/localize';
import { LiveRegion } from '@/shared/components/LiveRegion';
import { Spinner } from '@/shared/components/Spinner';
import type { Message } from '@/shared/messages/messages';
import styles from '@/shared/codeform/Form.module.css';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type LoginFormProps = {
  /** Sends the login code; resolves to null on success or the section 8 message to show. */
  send: (email: string) => Promise<Message | null>;
};

/**
 * The /login form: e-mail (required, valid format) and the terms checkbox (required,
 * spec section 5). A failed send shows the server's text in red, or 'Email not found.'
 * with its two hints, the second linked to /plans.
 */
export function LoginForm({ send }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const { t: ts } = useTranslation('shared');
  const config = useConfig();
  const localize = useLocalizeMessage({ phone: config.supportPhone, email: config.supportEmail });
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const termsRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<{ email?: 'emailRequired' | 'emailInvalid'; terms?: 'termsRequired' }>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<Message | null>(null);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending) return;
    const address = email.trim();
    const next: typeof errors = {};
    if (address === '') next.email = 'emailRequired';
    else if (!EMAIL.test(address)) next.email = 'emailInvalid';
    if (!terms) next.terms = 'termsRequired';
    setErrors(next);
    if (next.email) {
      emailRef.current?.focus();
      return;
    }
    if (next.terms) {
      termsRef.current?.focus();
      return;
    }
    setFailure(null);
    setSending(true);
    const msg = await send(address);
    setSending(false);
    setFailure(msg);
  };

  const shown = failure ? localize(failure) : null;
  const last = shown ? shown.hints.length - 1 : -1;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={sending} aria-label={t('formLabel')}>
      <div className={styles.field}>
        <label htmlFor={`${id}-email`}>{t('emailLabel')}</label>
        <input
          ref={emailRef}
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${id}-email-error` : undefined}
        />
        {errors.email && (
          <p id={`${id}-email-error`} className={styles.fieldError}>
            {t(errors.email)}
          </p>
        )}
      </div>
      <div className={styles.field}>
        <div className={styles.check}>
          <input
            ref={termsRef}
            id={`${id}-terms`}
            name="terms"
            type="checkbox"
            required
            checked={terms}
            onChange={(e) => setTerms(e.target.checked)}
            aria-invalid={errors.terms ? true : undefined}
            aria-describedby={errors.terms ? `${id}-terms-error` : undefined}
          />
          <label htmlFor={`${id}-terms`}>
            <Trans t={ts} i18nKey="agreeTerms" components={{ terms: <Link to="/terms-and-conditions" />, privacy: <Link to="/privacy" /> }} />
          </label>
        </div>
        {errors.terms && (
          <p id={`${id}-terms-error`} className={styles.fieldError}>
            {t(errors.terms)}
          </p>
        )}
      </div>
      {/* There from the start, so the failure text appearing in it is announced. */}
      <LiveRegion role="alert" className={styles.error}>
        {shown && (
          <>
            <p className={styles.error}>{shown.text}</p>
            {shown.hints.length > 0 && (
              <ul className={styles.hints}>
                {shown.hints.map((h, i) => (
                  <li key={h}>{i === last && shown.link ? <Link to={shown.link}>{h}</Link> : h}</li>
                ))}
              </ul>
            )}
          </>
        )}
      </LiveRegion>
      {sending && <Spinner quiet />}
      <LiveRegion hidden>{sending ? ts('sendingCode') : ''}</LiveRegion>
      <div className={styles.actions}>
        {/* aria-disabled, not disabled: a disabled button drops the focus to the page body. */}
        <button type="submit" className={styles.primary} aria-disabled={sending}>
          {t('sendCode')}
        </button>
      </div>
    </form>
  );
}
