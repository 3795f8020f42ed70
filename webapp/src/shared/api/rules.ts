// The request rules of spec section 7 that every call follows, pinned by
// contract/vectors/requests.json (shared with the Go SDK's request.go and retry.go).
import { contract } from '@/shared/contract/contract';
import { ApiError, NetworkError } from './errors';

/**
 * How a request is authorised (mirrors the Go SDK):
 * - private: needs a stored session, else NotLoggedInError before any request;
 * - public: logs in as guest first when there is no session;
 * - optional: sends the bearer when there is one, never authenticates;
 * - basic: the basic client credential (token grants, orders create);
 * - none: no Authorization header.
 */
export type AuthMode = 'private' | 'public' | 'optional' | 'basic' | 'none';

/** The spec's bearer rule: no bearer on paths containing these (a substring test). */
export const bearerExempt = (path: string): boolean =>
  path.includes('connect/token') || path.includes('catalog/search_bundles') || path.includes('catalog/bundle');

/**
 * effectiveAuth is the credential a request on path carries: an exempt path goes without a
 * bearer, except for a call that reads customer data (private: the top-up list of an
 * eSIM), which keeps the customer's; the server decides who may read it.
 */
export const effectiveAuth = (path: string, auth: AuthMode): AuthMode =>
  bearerExempt(path) && auth !== 'basic' && auth !== 'private' ? 'none' : auth;

/**
 * On any error these are retried once after a guest login (spec section 7; its third path,
 * users/sendmail, is no call of ours: the contract does not describe it).
 */
export const guestRetryPath = (path: string): boolean => path.includes('users/otp/send_email') || path.includes('support/contact-us');

/**
 * RetryPolicy says how calls that are safe to repeat (GETs and idempotent POSTs) are sent
 * again after a 502, 503, 504 or no answer at all (and a GET after a 429 that says how
 * long to wait), as the Go SDK does: at most maxAttempts tries, a jittered backoff of
 * random() * min(maxDelayMs, baseDelayMs * 2^n), never shorter than Retry-After, and a
 * Retry-After beyond maxRetryAfterMs is not waited for. The caller's signal ends any wait.
 */
export type RetryPolicy = {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxRetryAfterMs: number;
  /** A number in [0, 1); Math.random by default. Tests inject their own. */
  random: () => number;
  /** Waits ms unless signal aborts first (then rejects). Tests inject their own. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
};

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The defaults: contract/constants.json group retry (the Go SDK's too). */
export const defaultRetryPolicy: RetryPolicy = {
  ...contract.retry,
  random: Math.random,
  sleep: abortableSleep,
};

/**
 * retryWait is the wait in ms before try n+1 of a request after err, or null: not sent
 * again (try n was the last, or the request or the failure is not one to repeat).
 */
export function retryWait(
  p: Pick<RetryPolicy, 'maxAttempts' | 'baseDelayMs' | 'maxDelayMs' | 'maxRetryAfterMs' | 'random'>,
  req: { method: string; idempotent?: boolean },
  err: unknown,
  n: number,
): number | null {
  if (n >= p.maxAttempts) return null; // the client's budget of tries also bounds it
  if (req.method !== 'GET' && !req.idempotent) return null;
  const bound = Math.min(p.maxDelayMs, p.baseDelayMs * 2 ** (n - 1));
  const backoff = Math.min(bound, Math.max(0, p.random() * bound));
  if (err instanceof NetworkError) return backoff;
  if (!(err instanceof ApiError)) return null;
  const retryAfterMs = err.retryAfter * 1000;
  if (err.status === 429) {
    // A rate limit is waited out only by a read that was told how long to wait; a POST's
    // 429 (code e-mails, code checks) goes back to the user.
    if (req.method !== 'GET' || retryAfterMs <= 0) return null;
  } else if (err.status !== 502 && err.status !== 503 && err.status !== 504) {
    return null;
  }
  if (retryAfterMs > p.maxRetryAfterMs) return null;
  return Math.max(backoff, retryAfterMs);
}
