// Section 8 texts and the rules choosing them, pinned by contract/vectors/messages.json
// (shared with the Go sdk/messages package). The server's details it recognises are
// contract/constants.json group detail.
import { contract } from '@/shared/contract/contract';

export const texts = {
  emailNotFound: 'Email not found.',
  hintCheckSpelling: 'Please check your spelling',
  hintNewUser: 'New user? Buy your first eSIM to register',
  conflict: 'Conflict error, contact support!',
  invalidCaptcha: 'Invalid Captcha',
  invalidOtpRetry: 'Invalid OTP please try again',
  accountLocked: 'Account is locked due to multiple failed attempts. Please try again later.',
  unexpected: 'Unexpected error',
  invalidOtp: 'Invalid OTP',
  topupSelectFailed: 'Unexpected error, please contact support {phone} or {email}.',
  paymentFailed: 'Unexpected error, please contact support {phone} or {email}',
  invalidPlan: 'Invalid plan, please try selecting another one.',
  somethingWentWrong: 'Something went wrong. Please try again.',
  contactSent: 'Your message has been sent successfully',
  contactFailed: 'Unexpected error, try again later!',
  invalidTopic: 'Please select a valid topic.',
  topicPlaceholder: 'Topic - Please Select',
  nothingToShow: 'Nothing to show',
  paymentSuccessTitle: 'Payment Success',
  paymentFailedTitle: 'Payment Failed',
  paymentUnsuccessful: 'Payment unsuccessful. We apologize for the inconvenience. Please try again later.',
  selectItem: 'Please select an item',
  applicationErrorTitle: 'Unexpected Application Error!',
  /** Not in the spec: a 429 in any context; {wait} is filled by waitText. */
  tooManyRequests: 'Too many attempts. Please wait {wait} and try again.',
} as const;

export type TextKey = keyof typeof texts;

export type Support = { phone: string; email: string };

/** withSupport fills {phone} and {email} of a text with the configured support contact. */
export function withSupport(text: string, support: Support): string {
  return text.replaceAll('{phone}', support.phone).replaceAll('{email}', support.email);
}

/** What went wrong, in the terms the rules use (see errorKinds of the vector file). */
export type MessageError =
  | { kind: 'api'; status: number; title: string; detail: string; url?: string; retryAfter?: number }
  | { kind: 'network' }
  | { kind: 'timeout' }
  | { kind: 'refused'; reason: string }
  | { kind: 'invalidPlan' }
  | { kind: 'validation'; field: string };

export type MessageContext =
  | 'otpSendSignup'
  | 'otpSendLogin'
  | 'otpVerify'
  | 'purchaseCheck'
  | 'payment'
  | 'topupCheck'
  | 'topupSelect'
  | 'topup'
  | 'contact';

export type Message = { text: string; hints: string[]; link: string };

const MAX_SERVER_TEXT = 500;
// C0 controls other than TAB/LF/CR, DEL, C1 controls and the bidi controls.
// eslint-disable-next-line no-control-regex
const STRIPPED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** cleanServerText makes a server's detail or reason safe and short enough to show. */
export function cleanServerText(s: string | null | undefined): string {
  if (typeof s !== 'string') return '';
  // Lone surrogates are JavaScript's form of invalid UTF-8.
  const wellFormed = s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
  const cleaned = wellFormed.replace(/[\t\n\r]/g, ' ').replace(STRIPPED, '').trim();
  const points = [...cleaned];
  return points.length > MAX_SERVER_TEXT ? `${points.slice(0, MAX_SERVER_TEXT).join('')}\u2026` : cleaned;
}

const msg = (text: string, hints: string[] = [], link = ''): Message => ({ text, hints, link });
const eq = (a: string, b: string) => a.trim().toLowerCase() === b.toLowerCase();

function otpVerify(e: MessageError): Message {
  if (e.kind !== 'api') return msg(texts.invalidOtp);
  const detail = e.detail.trim().toLowerCase();
  const badRequest = eq(e.title, 'Bad Request') || e.status === 400;
  if (eq(e.title, 'Conflict') || e.status === 409) return msg(texts.conflict);
  if (badRequest && eq(e.detail, contract.detail.invalidCaptcha)) return msg(texts.invalidCaptcha);
  if (eq(e.detail, contract.detail.invalidOtp)) return msg(texts.invalidOtpRetry);
  if (detail.includes('locked') && detail.includes('multiple failed attempts')) return msg(texts.accountLocked);
  if (badRequest) return msg(texts.unexpected);
  return msg(texts.invalidOtp);
}

/**
 * waitText says how long a wait of `seconds` is: 'a few minutes' when unknown (0 or
 * absent), whole seconds under a minute, whole minutes (rounded up) under an hour, whole
 * hours (rounded up) beyond.
 */
export function waitText(seconds: number | undefined): string {
  const s = seconds !== undefined && Number.isFinite(seconds) ? Math.ceil(seconds) : 0;
  const plural = (n: number, unit: string) => (n === 1 ? `1 ${unit}` : `${n} ${unit}s`);
  if (s <= 0) return 'a few minutes';
  if (s < 60) return plural(s, 'second');
  if (s < 3600) return plural(Math.ceil(s / 60), 'minute');
  return plural(Math.ceil(s / 3600), 'hour');
}

/** messageFor chooses what the user reads after err (null: success) in context. */
export function messageFor(context: MessageContext, err: MessageError | null, support: Support): Message {
  if (err === null) return context === 'contact' ? msg(texts.contactSent) : msg('');
  // A rate limit says when to come back, whatever the situation.
  if (err.kind === 'api' && err.status === 429) return msg(texts.tooManyRequests.replace('{wait}', waitText(err.retryAfter)));
  const paymentFailed = () => msg(withSupport(texts.paymentFailed, support));
  switch (context) {
    case 'otpSendSignup': {
      const detail = err.kind === 'api' ? cleanServerText(err.detail) : '';
      return msg(detail || texts.unexpected);
    }
    case 'otpSendLogin': {
      if (err.kind !== 'api') return msg(texts.unexpected);
      const detail = cleanServerText(err.detail);
      // Section 8: a failure other than 400 shows the server's detail (a 404 'User not found' too).
      if (err.status !== 400 && detail) return msg(detail);
      return msg(texts.emailNotFound, [texts.hintCheckSpelling, texts.hintNewUser], '/plans');
    }
    case 'otpVerify':
      return otpVerify(err);
    case 'purchaseCheck':
    case 'payment': {
      const reason = err.kind === 'refused' ? cleanServerText(err.reason) : '';
      return reason ? msg(reason) : paymentFailed();
    }
    case 'topupCheck':
      return msg(err.kind === 'invalidPlan' ? texts.invalidPlan : texts.somethingWentWrong);
    case 'topupSelect':
      if (err.kind === 'api') return msg(withSupport(texts.topupSelectFailed, support));
      return msg(err.kind === 'invalidPlan' ? texts.invalidPlan : texts.somethingWentWrong);
    case 'topup':
      if (err.kind === 'invalidPlan') return msg(texts.invalidPlan);
      if (err.kind === 'api' && (err.url ?? '').includes('catalog/topup_bundle_selected/')) {
        return msg(withSupport(texts.topupSelectFailed, support));
      }
      return msg(texts.somethingWentWrong);
    case 'contact':
      return msg(err.kind === 'validation' && err.field === 'department' ? texts.invalidTopic : texts.contactFailed);
  }
}
