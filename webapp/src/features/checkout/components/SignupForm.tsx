import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { SignupForm as SignupFields } from '@/shared/api/types';
import { LiveRegion } from '@/shared/components/LiveRegion';
import { Spinner } from '@/shared/components/Spinner';
import styles from './Checkout.module.css';
import { DEFAULT_DIAL_CODE, dialCodes } from './dialCodes';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * phoneValid is contract/vectors/signup.json `phone` (tui/signup runs it too): a leading
 * '+' for the international form ('+961 71 123 456'), then digits, spaces, dashes and
 * parentheses, with 4 to 15 digits.
 */
export function phoneValid(phone: string): boolean {
  const p = phone.trim();
  const digits = p.replace(/[^0-9]/g, '').length;
  return /^\+?[0-9 ()-]+$/.test(p) && digits >= 4 && digits <= 15;
}

type Errors = Partial<Record<keyof SignupFields, string>>;

/** validate applies section 5: every field required, the e-mail in a valid format. */
export function validateSignup(f: SignupFields): Errors {
  const e: Errors = {};
  const missing = (v: string) => v.trim() === '';
  if (missing(f.firstName)) e.firstName = 'First name is required';
  if (missing(f.lastName)) e.lastName = 'Last name is required';
  if (missing(f.countryCode)) e.countryCode = 'Country code is required';
  if (missing(f.phone)) e.phone = 'Phone number is required';
  else if (!phoneValid(f.phone)) e.phone = 'Enter digits only';
  if (missing(f.email)) e.email = 'E-mail is required';
  else if (!EMAIL.test(f.email.trim())) e.email = 'Enter a valid e-mail address';
  return e;
}

export type SignupFormProps = {
  /** Sends the signup code; a rejection's text is shown in red. */
  onSubmit: (form: SignupFields) => Promise<void>;
  /** The error of the last send, shown in red. */
  error?: string;
  initial?: Partial<SignupFields>;
};

const FIELDS: { key: 'firstName' | 'lastName'; label: string; auto: string }[] = [
  { key: 'firstName', label: 'First name', auto: 'given-name' },
  { key: 'lastName', label: 'Last name', auto: 'family-name' },
];

/**
 * Step 1 of the visitor's checkout (spec section 4): the signup form. The two checkboxes
 * are shown but not enforced, as section 5 says.
 */
export function SignupForm({ onSubmit, error = '', initial = {} }: SignupFormProps) {
  const id = useId();
  const codes = useMemo(() => dialCodes(), []);
  const [form, setForm] = useState<SignupFields>({
    firstName: '',
    lastName: '',
    countryCode: DEFAULT_DIAL_CODE,
    phone: '',
    email: '',
    ...initial,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);

  const set = (k: keyof SignupFields) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [k]: e.target.value }));
    setErrors((x) => ({ ...x, [k]: undefined }));
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending) return;
    const found = validateSignup(form);
    setErrors(found);
    const first = (Object.keys(found) as (keyof SignupFields)[])[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setSending(true);
    try {
      await onSubmit({ ...form, firstName: form.firstName.trim(), lastName: form.lastName.trim(), phone: form.phone.trim(), email: form.email.trim() });
    } finally {
      setSending(false);
    }
  };

  const described = (k: keyof SignupFields) => (errors[k] ? `${id}-${k}-error` : undefined);
  const fieldError = (k: keyof SignupFields) =>
    errors[k] ? (
      <p id={`${id}-${k}-error`} className={styles.error}>
        {errors[k]}
      </p>
    ) : null;

  return (
    <form className={styles.panel} onSubmit={submit} noValidate aria-labelledby={`${id}-title`} aria-busy={sending}>
      <h2 id={`${id}-title`} className={styles.panelTitle}>
        Your details
      </h2>
      <div className={styles.row}>
        {FIELDS.map(({ key, label, auto }) => (
          <div className={styles.field} key={key}>
            <label htmlFor={`${id}-${key}`}>{label}</label>
            <input
              id={`${id}-${key}`}
              name={key}
              autoComplete={auto}
              required
              value={form[key]}
              onChange={set(key)}
              aria-invalid={errors[key] ? true : undefined}
              aria-describedby={described(key)}
            />
            {fieldError(key)}
          </div>
        ))}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-phone`}>Phone number</label>
        <div className={styles.phone}>
          <select
            id={`${id}-countryCode`}
            name="countryCode"
            aria-label="Country dial code"
            autoComplete="tel-country-code"
            value={form.countryCode}
            onChange={set('countryCode')}
          >
            {codes.map((c) => (
              <option key={`${c.iso}-${c.code}`} value={c.code}>
                {c.name} (+{c.code})
              </option>
            ))}
          </select>
          <input
            id={`${id}-phone`}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            required
            value={form.phone}
            onChange={set('phone')}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={described('phone')}
          />
        </div>
        {fieldError('phone')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-email`}>E-mail</label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={set('email')}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={described('email')}
        />
        {fieldError('email')}
      </div>
      <div className={styles.check}>
        <input id={`${id}-valid`} type="checkbox" name="confirmValid" />
        <label htmlFor={`${id}-valid`}>I confirm that the information above is valid</label>
      </div>
      <div className={styles.check}>
        <input id={`${id}-terms`} type="checkbox" name="agreeTerms" />
        <label htmlFor={`${id}-terms`}>
          I agree to the <Link to="/terms-and-conditions">Terms and Conditions</Link> and the <Link to="/privacy">Privacy Policy</Link>
        </label>
      </div>
      <LiveRegion role="alert" className={styles.error}>
        {error}
      </LiveRegion>
      <div className={styles.actions}>
        {/* aria-disabled, not disabled: a disabled button drops the focus to the page body. */}
        <button type="submit" className={styles.button} aria-disabled={sending}>
          Verify your E-mail
        </button>
        {sending && <Spinner quiet />}
      </div>
      <LiveRegion hidden role="none">
        {sending ? 'Sending the code' : ''}
      </LiveRegion>
    </form>
  );
}
