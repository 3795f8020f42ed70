import { useState } from 'react';
import { useConfig } from '@/shared/config/ConfigContext';
import { flagSrc, placeholderSrc } from '@/shared/components/flagSources';
import styles from './Flag.module.css';

type FlagProps = {
  /** An ISO code, region name or special code (flagsCodes[0] of a bundle). */
  code: string | null | undefined;
  /** Text alternative; '' marks the flag decorative when a visible name sits beside it. */
  label: string;
  size?: 'sm' | 'md' | 'lg';
};

/** A flag or regional icon that falls back to a placeholder when its image fails. */
export function Flag({ code, label, size = 'md' }: FlagProps) {
  const { flagBaseUrl } = useConfig();
  const src = flagSrc(code, flagBaseUrl);
  // Remember which source failed, so a new code gets its own try.
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed === src ? placeholderSrc : src;
  return (
    <img
      className={`${styles.flag} ${styles[size]}`}
      src={shown}
      alt={label}
      loading="lazy"
      decoding="async"
      onError={() => {
        if (shown !== placeholderSrc) setFailed(src);
      }}
    />
  );
}
