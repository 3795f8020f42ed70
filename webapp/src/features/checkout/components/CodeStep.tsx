import { useId, useState, type FormEvent } from 'react';
import { Spinner } from '@/shared/components/Spinner';
import styles from './Checkout.module.css';

export type CodeStepProps = {
  email: string;
  /** Verifies the code and logs in; resolves to the error text to show, '' on success. */
  verify: (otp: string) => Promise<string>;
};

/**
 * Step 2 of the visitor's checkout: the e-mail code (numeric, required). The field is
 * cleared after each attempt, as section 8 asks.
 */
export function CodeStep({ email, verify }: CodeStepProps) {
  const id = useId();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const code = otp.trim();
    if (!/^\d+$/.test(code)) {
      setError('Enter the numeric code from the e-mail');
      return;
    }
    setBusy(true);
    try {
      setError(await verify(code));
    } finally {
      setOtp('');
      setBusy(false);
    }
  };

  return (
    <form className={styles.panel} onSubmit={submit} noValidate aria-labelledby={`${id}-title`} aria-busy={busy}>
      <h2 id={`${id}-title`} className={styles.panelTitle}>
        Verify your E-mail
      </h2>
      <p className={styles.note}>We sent a code to {email}.</p>
      <div className={styles.field}>
        <label htmlFor={`${id}-otp`}>Code</label>
        <input
          id={`${id}-otp`}
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          required
          value={otp}
          onChange={(e) => setOtp(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      {error !== '' && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={styles.button} disabled={busy}>
          Verify
        </button>
        {busy && <Spinner label="Checking the code" />}
      </div>
    </form>
  );
}
