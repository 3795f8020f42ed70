import type { MessageError } from '@/shared/messages/messages';

/** ApiError is a non-2xx answer, read from its problem+json body (spec section 8). */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly call: string;
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly type: string;
  /** The request URL without its query: errors never carry secrets. */
  readonly url: string;
  /** The answer's Retry-After in seconds (0 when absent): how long a 429 asks to wait. */
  readonly retryAfter: number;

  constructor(
    call: string,
    url: string,
    status: number,
    problem: { title?: string; detail?: string; type?: string },
    retryAfter = 0,
  ) {
    super(`${call}: HTTP ${status}${problem.title ? ` ${problem.title}` : ''}${problem.detail ? `: ${problem.detail}` : ''}`);
    this.call = call;
    this.url = url;
    this.status = status;
    this.title = problem.title ?? '';
    this.detail = problem.detail ?? '';
    this.type = problem.type ?? '';
    this.retryAfter = retryAfter;
  }
}

/** NetworkError is a request that got no answer (offline, DNS, connection reset, CORS). */
export class NetworkError extends Error {
  override name = 'NetworkError';
  constructor(
    readonly call: string,
    cause: unknown,
  ) {
    super(`${call}: no answer: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** TimeoutError is a request its caller's signal aborted. */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
  constructor(
    readonly call: string,
    cause: unknown,
  ) {
    super(`${call}: aborted`, { cause });
  }
}

/** DecodeError is a 2xx answer whose body does not have the shape docs/contract.md gives. */
export class DecodeError extends Error {
  override name = 'DecodeError';
}

/** NotLoggedInError: a call that needs a customer session was made without one. */
export class NotLoggedInError extends Error {
  override name = 'NotLoggedInError';
  constructor(readonly call: string) {
    super(`${call}: not logged in`);
  }
}

/** SessionExpiredError: re-authentication after a 401 failed; the session was cleared. */
export class SessionExpiredError extends Error {
  override name = 'SessionExpiredError';
}

/** ValidationError: an input refused before any request. */
export class ValidationError extends Error {
  override name = 'ValidationError';
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${field}: ${reason}`);
  }
}

/** PurchaseRefusedError: the purchase pre-check answered canContinue false. */
export class PurchaseRefusedError extends Error {
  override name = 'PurchaseRefusedError';
  constructor(readonly reason: string) {
    super(`purchase refused: ${reason}`);
  }
}

/** InvalidPlanError: the external eSIM check answered canContinue false for a top-up. */
export class InvalidPlanError extends Error {
  override name = 'InvalidPlanError';
  constructor() {
    super('the eSIM check says this plan cannot continue');
  }
}

export const isApiError = (err: unknown, status?: number): err is ApiError =>
  err instanceof ApiError && (status === undefined || err.status === status);

/** toMessageError describes any error thrown by the client in the terms of section 8. */
export function toMessageError(err: unknown): MessageError {
  if (err instanceof ApiError) {
    const e: MessageError = { kind: 'api', status: err.status, title: err.title, detail: err.detail, url: err.url };
    return err.retryAfter > 0 ? { ...e, retryAfter: err.retryAfter } : e;
  }
  if (err instanceof PurchaseRefusedError) return { kind: 'refused', reason: err.reason };
  if (err instanceof InvalidPlanError) return { kind: 'invalidPlan' };
  if (err instanceof ValidationError) return { kind: 'validation', field: err.field };
  if (err instanceof TimeoutError) return { kind: 'timeout' };
  return { kind: 'network' };
}
