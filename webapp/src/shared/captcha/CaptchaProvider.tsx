import { useQuery } from '@tanstack/react-query';
import { createContext, use, useMemo, type ReactNode } from 'react';
import { useConfig } from '@/shared/config/ConfigContext';
import { pageLoaded } from '@/shared/page/pageLoaded';
import './captcha.css';

/** The token the development provider hands out (docs/contract.md). */
export const DEV_CAPTCHA_TOKEN = 'dev-captcha';

export type Captcha = {
  kind: 'recaptcha' | 'dev';
  /** False until the provider can hand out tokens; a submit then does nothing. */
  ready: boolean;
  /** execute returns a fresh token for one action; it rejects when not ready. */
  execute: (action: string) => Promise<string>;
};

type Grecaptcha = {
  ready: (cb: () => void) => void;
  execute: (siteKey: string, opts: { action: string }) => Promise<string>;
};

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

/** loadRecaptcha adds Google's v3 script once; it resolves when the script has loaded. */
export function loadRecaptcha(siteKey: string): Promise<void> {
  const src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
  return new Promise((resolve, reject) => {
    let el = document.querySelector<HTMLScriptElement>(`script[data-captcha="recaptcha"]`);
    if (el?.dataset.loaded === 'true') {
      resolve();
      return;
    }
    if (!el) {
      el = document.createElement('script');
      el.src = src;
      el.async = true;
      el.defer = true;
      el.dataset.captcha = 'recaptcha';
      document.head.append(el);
    }
    const script = el;
    script.addEventListener('load', () => {
      script.dataset.loaded = 'true';
      resolve();
    });
    script.addEventListener('error', () => reject(new Error('reCAPTCHA script failed to load')));
  });
}

/** The script is not needed for the first screen: it loads after the page (pageLoaded). */
const loadRecaptchaAfterPage = (siteKey: string) => pageLoaded().then(() => loadRecaptcha(siteKey));

const CaptchaContext = createContext<Captcha | null>(null);

type CaptchaProviderProps = {
  children: ReactNode;
  /** Loads the reCAPTCHA script; tests pass a fake. */
  load?: (siteKey: string) => Promise<void>;
};

/**
 * CaptchaProvider is the bot check of spec section 7: reCAPTCHA v3 when the runtime
 * configuration has a site key (the script is loaded only then; its badge sits bottom
 * left), otherwise a development provider whose token is "dev-captcha".
 */
export function CaptchaProvider({ children, load = loadRecaptchaAfterPage }: CaptchaProviderProps) {
  const { captchaSiteKey } = useConfig();
  const siteKey = captchaSiteKey.trim();
  // Loading the script is a query like any other (shared/query): once per site key.
  const script = useQuery({
    queryKey: ['captcha', siteKey],
    queryFn: async () => {
      try {
        await load(siteKey);
        const g = window.grecaptcha;
        if (!g) throw new Error('reCAPTCHA script loaded without grecaptcha');
        await new Promise<void>((resolve) => g.ready(resolve));
        return siteKey;
      } catch (err) {
        console.warn('captcha: not available', err instanceof Error ? err.message : err);
        throw err;
      }
    },
    enabled: siteKey !== '',
    staleTime: Infinity,
  });
  const readyKey = script.data ?? '';

  const value = useMemo<Captcha>(() => {
    if (!siteKey) {
      // The development provider has nothing to load: ready at once.
      return { kind: 'dev', ready: true, execute: async () => DEV_CAPTCHA_TOKEN };
    }
    const ready = readyKey === siteKey;
    return {
      kind: 'recaptcha',
      ready,
      execute: async (action) => {
        const g = window.grecaptcha;
        if (!ready || !g) throw new Error('captcha: not ready');
        const token = await g.execute(siteKey, { action });
        if (typeof token !== 'string' || token === '') throw new Error('captcha: empty token');
        return token;
      },
    };
  }, [siteKey, readyKey]);

  return <CaptchaContext value={value}>{children}</CaptchaContext>;
}

/** useCaptcha returns the bot check above this component, or null when there is none. */
export const useCaptcha = (): Captcha | null => use(CaptchaContext);

/** CaptchaGate provides a bot check to its children unless one is already above it. */
export function CaptchaGate({ children }: { children: ReactNode }) {
  const outer = useCaptcha();
  return outer ? <>{children}</> : <CaptchaProvider>{children}</CaptchaProvider>;
}
