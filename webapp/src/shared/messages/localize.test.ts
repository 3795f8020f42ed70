import vectors from '@contract/vectors/messages.json';
import { describe, expect, it } from 'vitest';
import { createI18n } from '@/shared/i18n/i18n';
import en from '@/shared/i18n/locales/en.json';
import { localizeText } from './localize';
import { messageFor, texts, type MessageContext, type MessageError } from './messages';

const support = { phone: '+961 1 555 010', email: 'support@cedarsim.example' };
const tOf = (locale: 'en' | 'ar' | 'fr') => createI18n({ locale }).getFixedT(locale, 'shared');

describe('section-8 texts in the catalogues', () => {
  it('the English catalogue holds every text exactly as the spec (the vectors) says', () => {
    for (const [key, text] of Object.entries(vectors.texts)) {
      expect((en as Record<string, string>)[key], key).toBe(text.replace(/\{(\w+)\}/g, '{{$1}}'));
    }
  });

  it.each(vectors.cases)('English shows messageFor unchanged: $context $name', (c) => {
    const m = messageFor(c.context as MessageContext, c.error as MessageError | null, c.support);
    expect(localizeText(m.text, c.support, tOf('en'))).toBe(m.text);
    for (const h of m.hints) expect(localizeText(h, c.support, tOf('en'))).toBe(h);
  });

  it('Arabic and French show the same choice in their words, support contacts filled', () => {
    const m = messageFor('payment', { kind: 'network' }, support);
    expect(localizeText(m.text, support, tOf('ar'))).toBe('خطأ غير متوقع، يرجى التواصل مع الدعم على +961 1 555 010 أو support@cedarsim.example');
    expect(localizeText(texts.invalidOtp, support, tOf('fr'))).toBe('Code invalide');
  });

  it('a rate limit says the wait in the language', () => {
    const wait = (s: number | undefined) => messageFor('otpVerify', { kind: 'api', status: 429, title: '', detail: '', retryAfter: s }, support).text;
    expect(localizeText(wait(120), support, tOf('fr'))).toBe('Trop de tentatives. Veuillez patienter 2 minutes puis réessayer.');
    expect(localizeText(wait(1), support, tOf('ar'))).toBe('محاولات كثيرة جداً. يرجى الانتظار ثانية واحدة ثم المحاولة مجدداً.');
    expect(localizeText(wait(undefined), support, tOf('ar'))).toBe('محاولات كثيرة جداً. يرجى الانتظار بضع دقائق ثم المحاولة مجدداً.');
    expect(localizeText(wait(7200), support, tOf('en'))).toBe('Too many attempts. Please wait 2 hours and try again.');
  });

  it('a server’s own text is shown as sent', () => {
    expect(localizeText('Card declined by issuer', support, tOf('ar'))).toBe('Card declined by issuer');
  });
});
