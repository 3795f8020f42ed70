import { useId, useState, type FormEvent } from 'react';
import { Spinner } from '@/shared/components/Spinner';
import { texts } from '@/shared/messages/messages';
import styles from './Contact.module.css';

/** What the form sends: the fields of spec section 3 "Contact form". */
export type ContactMessage = { fullname: string; reqType: string; email: string; comments: string };

export type ContactStatus = 'idle' | 'sending' | 'success' | 'error';

export const topics = ['Customer Service', 'Sales', 'Support'] as const;

type ContactFormProps = {
  /** Sends the message; a rejection shows the error state. */
  send: (msg: ContactMessage) => Promise<void>;
  /** The state to start in (stories show every state). */
  initialStatus?: ContactStatus;
};

const empty: ContactMessage = { fullname: '', reqType: texts.topicPlaceholder, email: '', comments: '' };

/**
 * The contact form of /contactus. The browser enforces the required fields and the e-mail
 * format; the topic placeholder is refused with the alert the spec asks for, repeated
 * inline so screen-reader users hear it next to the field.
 */
export function ContactForm({ send, initialStatus = 'idle' }: ContactFormProps) {
  const id = useId();
  const [msg, setMsg] = useState<ContactMessage>(empty);
  const [status, setStatus] = useState<ContactStatus>(initialStatus);
  const [topicError, setTopicError] = useState(false);

  const set = (field: keyof ContactMessage) => (e: { target: { value: string } }) => {
    setMsg((m) => ({ ...m, [field]: e.target.value }));
    if (field === 'reqType') setTopicError(false);
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (status === 'sending') return;
    if (!(topics as readonly string[]).includes(msg.reqType)) {
      setTopicError(true);
      window.alert(texts.invalidTopic);
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

  const sending = status === 'sending';
  return (
    <form className={styles.form} onSubmit={onSubmit} aria-labelledby={`${id}-title`} aria-busy={sending}>
      <h2 id={`${id}-title`} className={styles.formTitle}>
        Send us a message
      </h2>
      <div className={styles.field}>
        <label htmlFor={`${id}-fullname`}>Full name</label>
        <input id={`${id}-fullname`} name="fullname" autoComplete="name" required value={msg.fullname} onChange={set('fullname')} />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-topic`}>Topic</label>
        <select
          id={`${id}-topic`}
          name="reqType"
          required
          value={msg.reqType}
          onChange={set('reqType')}
          aria-invalid={topicError || undefined}
          aria-describedby={topicError ? `${id}-topic-error` : undefined}
        >
          <option value={texts.topicPlaceholder}>{texts.topicPlaceholder}</option>
          {topics.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        {topicError && (
          <p id={`${id}-topic-error`} className={styles.fieldError} role="alert">
            {texts.invalidTopic}
          </p>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-email`}>E-mail</label>
        <input id={`${id}-email`} name="email" type="email" autoComplete="email" required value={msg.email} onChange={set('email')} />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-comments`}>Comments</label>
        <textarea id={`${id}-comments`} name="comments" rows={5} required value={msg.comments} onChange={set('comments')} />
      </div>
      <div className={styles.actions}>
        <button type="submit" className={styles.submit} disabled={sending}>
          Send
        </button>
        {sending && <Spinner label="Sending your message" />}
      </div>
      <div aria-live="polite">
        {status === 'success' && <p className={styles.success}>{texts.contactSent}</p>}
        {status === 'error' && <p className={styles.error}>{texts.contactFailed}</p>}
      </div>
    </form>
  );
}
