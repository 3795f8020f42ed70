import { useTranslation } from 'react-i18next';
import { useText } from '@/shared/messages/localize';
import { useId, useState, type FormEvent } from 'react';
import { LiveRegion } from '@/shared/components/LiveRegion';
import { Spinner } from '@/shared/components/Spinner';
import { texts } from '@/shared/messages/messages';
import { contactDepartmentValues, type components } from '@/shared/api/wire.gen';
import styles from './Contact.module.css';

type ContactDepartment = components['schemas']['ContactDepartment'];

/** What the form sends: the fields of spec section 3 "Contact form". */
export type ContactMessage = { fullname: string; reqType: string; email: string; comments: string };

export type ContactStatus = 'idle' | 'sending' | 'success' | 'error';

/** The topics: the contract's ContactDepartment values (contract/openapi.yaml). */
export const topics = contactDepartmentValues;

type ContactFormProps = {
  /** Sends the message; a rejection shows the error state. */
  send: (msg: ContactMessage) => Promise<void>;
  /** The state to start in (stories show every state). */
  initialStatus?: ContactStatus;
};

const empty: ContactMessage = { fullname: '', reqType: texts.topicPlaceholder, email: '', comments: '' };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Field errors as catalogue keys of the contact namespace. */
type FieldErrors = Partial<Record<'fullname' | 'email' | 'comments', 'fullNameRequired' | 'emailRequired' | 'emailInvalid' | 'commentsRequired'>>;

const TOPIC_KEYS: Record<ContactDepartment, 'topicCustomerService' | 'topicSales' | 'topicSupport'> = {
  'Customer Service': 'topicCustomerService',
  Sales: 'topicSales',
  Support: 'topicSupport',
};

/** validateContact applies section 5's required fields (and the e-mail format) in form order. */
export function validateContact(m: ContactMessage): FieldErrors {
  const e: FieldErrors = {};
  if (m.fullname.trim() === '') e.fullname = 'fullNameRequired';
  if (m.email.trim() === '') e.email = 'emailRequired';
  else if (!EMAIL.test(m.email.trim())) e.email = 'emailInvalid';
  if (m.comments.trim() === '') e.comments = 'commentsRequired';
  return e;
}

/**
 * The contact form of /contactus. Missing or malformed fields show their error under the
 * field, mark it aria-invalid and describe it with the error, and the first one takes the
 * focus (WCAG 3.3.1); the topic placeholder is refused with the alert the spec asks for,
 * repeated inline. Progress and the outcome are announced in regions there from the start.
 */
export function ContactForm({ send, initialStatus = 'idle' }: ContactFormProps) {
  const id = useId();
  const { t } = useTranslation('contact');
  const text = useText();
  const [msg, setMsg] = useState<ContactMessage>(empty);
  const [status, setStatus] = useState<ContactStatus>(initialStatus);
  const [topicError, setTopicError] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  const set = (field: keyof ContactMessage) => (e: { target: { value: string } }) => {
    setMsg((m) => ({ ...m, [field]: e.target.value }));
    if (field === 'reqType') setTopicError(false);
    else setErrors((x) => ({ ...x, [field]: undefined }));
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (status === 'sending') return;
    const found = validateContact(msg);
    setErrors(found);
    const first = (['fullname', 'email', 'comments'] as const).find((k) => found[k]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    if (!(topics as readonly string[]).includes(msg.reqType)) {
      setTopicError(true);
      window.alert(text('invalidTopic'));
      document.getElementById(`${id}-topic`)?.focus();
      return;
    }
    setStatus('sending');
    try {
      await send({ ...msg, fullname: msg.fullname.trim(), email: msg.email.trim() });
      setStatus('success');
      setMsg(empty);
    } catch (err) {
      console.error('contact form: send failed', err);
      setStatus('error');
    }
  };

  const invalid = (k: keyof FieldErrors) => (errors[k] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${k}-error` } : {});
  const fieldError = (k: keyof FieldErrors) =>
    errors[k] ? (
      <p id={`${id}-${k}-error`} className={styles.fieldError}>
        {t(errors[k])}
      </p>
    ) : null;

  const sending = status === 'sending';
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} aria-busy={sending}>
      <h2 id={`${id}-title`} className={styles.formTitle}>
        {t('formTitle')}
      </h2>
      <div className={styles.field}>
        <label htmlFor={`${id}-fullname`}>{t('fullName')}</label>
        <input id={`${id}-fullname`} name="fullname" autoComplete="name" required value={msg.fullname} onChange={set('fullname')} {...invalid('fullname')} />
        {fieldError('fullname')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-topic`}>{t('topic')}</label>
        <select
          id={`${id}-topic`}
          name="reqType"
          required
          value={msg.reqType}
          onChange={set('reqType')}
          aria-invalid={topicError || undefined}
          aria-describedby={topicError ? `${id}-topic-error` : undefined}
        >
          <option value={texts.topicPlaceholder}>{text('topicPlaceholder')}</option>
          {/* The value is the department the server knows; the label is the page's language. */}
          {topics.map((topic) => (
            <option key={topic} value={topic}>
              {t(TOPIC_KEYS[topic])}
            </option>
          ))}
        </select>
        <LiveRegion role="alert" id={`${id}-topic-error`} className={styles.fieldError}>
          {topicError ? text('invalidTopic') : ''}
        </LiveRegion>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-email`}>{t('email')}</label>
        <input id={`${id}-email`} name="email" type="email" autoComplete="email" required value={msg.email} onChange={set('email')} {...invalid('email')} />
        {fieldError('email')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-comments`}>{t('comments')}</label>
        <textarea id={`${id}-comments`} name="comments" rows={5} required value={msg.comments} onChange={set('comments')} {...invalid('comments')} />
        {fieldError('comments')}
      </div>
      <div className={styles.actions}>
        {/* aria-disabled, not disabled: a disabled button drops the focus to the page body. */}
        <button type="submit" className={styles.submit} aria-disabled={sending}>
          {t('send')}
        </button>
        {sending && <Spinner quiet />}
      </div>
      <LiveRegion className={status === 'error' ? styles.error : styles.success}>
        {status === 'sending' ? <span className="visually-hidden">{t('sending')}</span> : null}
        {status === 'success' ? text('contactSent') : status === 'error' ? text('contactFailed') : null}
      </LiveRegion>
    </form>
  );
}
