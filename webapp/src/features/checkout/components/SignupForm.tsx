import { asciiDigits } from '@/shared/i18n/digits';
import { Trans, useTranslation } from 'react-i18next';
import { countryName } from '@/shared/i18n/countryName';
import { useLocale } from '@/shared/i18n/useLocale';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { SignupForm as SignupFields } from '@/shared/api/types';
import { LiveRegion } from '@/shared/components/LiveRegion';
import { Spinner } from '@/shared/components/Spinner';
import styles from './Checkout.module.css';
import { DEFAULT_DIAL_CODE, dialCodes, isoOfCode, splitDialCode } from './dialCodes';

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

/** Catalogue keys (checkout namespace) of the field errors. */
export type SignupError =
  | 'firstNameRequired'
  | 'lastNameRequired'
  | 'countryCodeRequired'
  | 'phoneRequired'
  | 'digitsOnly'
  | 'emailRequired'
  | 'emailInvalid';

type Errors = Partial<Record<keyof SignupFields, SignupError>>;

/** validate applies section 5: every field required, the e-mail in a valid format (errors as catalogue keys). */
export function validateSignup(f: SignupFields): Errors {
  const e: Errors = {};
  const missing = (v: string) => v.trim() === '';
  if (missing(f.firstName)) e.firstName = 'firstNameRequired';
  if (missing(f.lastName)) e.lastName = 'lastNameRequired';
  if (missing(f.countryCode)) e.countryCode = 'countryCodeRequired';
  if (missing(f.phone)) e.phone = 'phoneRequired';
  else if (!phoneValid(f.phone)) e.phone = 'digitsOnly';
  if (missing(f.email)) e.email = 'emailRequired';
  else if (!EMAIL.test(f.email.trim())) e.email = 'emailInvalid';
  return e;
}

export type SignupFormProps = {
  /** Sends the signup code; a rejection's text is shown in red. */
  onSubmit: (form: SignupFields) => Promise<void>;
  /** The error of the last send, shown in red. */
  error?: string;
  initial?: Partial<SignupFields>;
};

const FIELDS: { key: 'firstName' | 'lastName'; auto: string }[] = [
  { key: 'firstName', auto: 'given-name' },
  { key: 'lastName', auto: 'family-name' },
];

/**
 * Step 1 of the visitor's checkout (spec section 4): the signup form. The two checkboxes
 * are shown but not enforced, as section 5 says.
 */
export function SignupForm({ onSubmit, error = '', initial = {} }: SignupFormProps) {
  const { t } = useTranslation('checkout');
  const { t: ts } = useTranslation('shared');
  const locale = useLocale();
  const id = useId();
  // Country names in the page's language; Lebanon stays first, the rest by name.
  const codes = useMemo(() => {
    const all = dialCodes();
    if (locale === 'en') return all;
    const named = all.map((c) => ({ ...c, name: countryName(c.iso, locale) ?? c.name }));
    const [first, ...rest] = named;
    rest.sort((a, b) => a.name.localeCompare(b.name, locale) || a.code.localeCompare(b.code));
    return first ? [first, ...rest] : rest;
  }, [locale]);
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
  // The country picked in the select: several share a code (+1), so the select's value is the
  // country, and the form's countryCode its code. A code set otherwise (a number typed with
  // it) shows the country that code stands for.
  const [picked, setPicked] = useState('');
  const codeOf = (iso: string) => codes.find((c) => c.iso === iso)?.code;
  const dialIso = picked && codeOf(picked) === form.countryCode ? picked : (isoOfCode(codes, form.countryCode) ?? '');
  const pickDial = (e: { target: { value: string } }) => {
    const iso = e.target.value;
    setPicked(iso);
    setForm((f) => ({ ...f, countryCode: codeOf(iso) ?? f.countryCode }));
    setErrors((x) => ({ ...x, countryCode: undefined }));
  };

  const set = (k: keyof SignupFields) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [k]: e.target.value }));
    setErrors((x) => ({ ...x, [k]: undefined }));
  };

  // '+961 71 123 456' typed as the number: the dial code moves to its select (docs/contract.md).
  const known = useMemo(() => new Set(codes.map((c) => c.code)), [codes]);
  const withDialCode = (f: SignupFields): SignupFields => {
    // Digits typed on an Arabic or Persian keyboard are made ASCII before the check and the send.
    const phone = asciiDigits(f.phone);
    const split = splitDialCode(phone, known);
    if (split) return { ...f, countryCode: split.code, phone: split.rest };
    return phone === f.phone ? f : { ...f, phone };
  };
  const splitPhone = () => setForm(withDialCode);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending) return;
    // Enter in the number field submits without a blur: split here too.
    const fields = withDialCode(form);
    if (fields !== form) setForm(fields);
    const found = validateSignup(fields);
    setErrors(found);
    const first = (Object.keys(found) as (keyof SignupFields)[])[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setSending(true);
    try {
      await onSubmit({ ...fields, firstName: fields.firstName.trim(), lastName: fields.lastName.trim(), phone: fields.phone.trim(), email: fields.email.trim() });
    } finally {
      setSending(false);
    }
  };

  const described = (k: keyof SignupFields) => (errors[k] ? `${id}-${k}-error` : undefined);
  const fieldError = (k: keyof SignupFields) =>
    errors[k] ? (
      <p id={`${id}-${k}-error`} className={styles.error}>
        {t(errors[k])}
      </p>
    ) : null;

  return (
    <form className={styles.panel} onSubmit={submit} noValidate aria-labelledby={`${id}-title`} aria-busy={sending}>
      <h2 id={`${id}-title`} className={styles.panelTitle}>
        {t('yourDetails')}
      </h2>
      <div className={styles.row}>
        {FIELDS.map(({ key, auto }) => (
          <div className={styles.field} key={key}>
            <label htmlFor={`${id}-${key}`}>{t(key)}</label>
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
        <label htmlFor={`${id}-phone`}>{t('phoneNumber')}</label>
        <div className={styles.phone}>
          <select
            id={`${id}-countryCode`}
            name="countryCode"
            aria-label={t('dialCode')}
            autoComplete="tel-country-code"
            value={dialIso}
            onChange={pickDial}
          >
            {codes.map((c) => (
              <option key={c.iso} value={c.iso}>
                {/* The code first, so a narrow select (a phone's width) still shows it. An option holds
                    text only: right-to-left, the code is isolated with LRI/PDI so + stays in front. */}
                {locale === 'ar' ? `\u2066+${c.code}\u2069` : `+${c.code}`} {c.name}
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
            onBlur={splitPhone}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={described('phone')}
          />
        </div>
        {fieldError('phone')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-email`}>{t('email')}</label>
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
        <label htmlFor={`${id}-valid`}>{t('confirmValid')}</label>
      </div>
      <div className={styles.check}>
        <input id={`${id}-terms`} type="checkbox" name="agreeTerms" />
        <label htmlFor={`${id}-terms`}>
          <Trans t={ts} i18nKey="agreeTerms" components={{ terms: <Link to="/terms-and-conditions" />, privacy: <Link to="/privacy" /> }} />
        </label>
      </div>
      <LiveRegion role="alert" className={styles.error}>
        {error}
      </LiveRegion>
      <div className={styles.actions}>
        {/* aria-disabled, not disabled: a disabled button drops the focus to the page body. */}
        <button type="submit" className={styles.button} aria-disabled={sending}>
          {t('verifyEmail')}
        </button>
        {sending && <Spinner quiet />}
      </div>
      <LiveRegion hidden role="none">
        {sending ? ts('sendingCode') : ''}
      </LiveRegion>
    </form>
  );
}
