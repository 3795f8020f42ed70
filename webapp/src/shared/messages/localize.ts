import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { texts, waitText, withSupport, type Message, type Support, type TextKey } from './messages';

// messageFor chooses in English (the rules and the vectors are the spec's, shared with Go);
// a page shows that choice in its language here. A server's own detail is shown as sent.

const KEYS = Object.keys(texts) as TextKey[];
const [tooManyBefore = '', tooManyAfter = ''] = texts.tooManyRequests.split('{wait}');

/** The catalogue form of a wait: waitText's English back to its unit and count. */
function localWait(english: string, t: TFunction<'shared'>): string {
  if (english === waitText(0)) return t('waitFewMinutes');
  const m = /^(\d+) (second|minute|hour)s?$/.exec(english);
  if (!m) return english;
  const count = Number(m[1]);
  if (m[2] === 'second') return t('waitSeconds', { count });
  if (m[2] === 'minute') return t('waitMinutes', { count });
  return t('waitHours', { count });
}

/** localizeText is one section-8 text in the page's language; any other text is returned as is. */
export function localizeText(text: string, support: Support, t: TFunction<'shared'>): string {
  if (!text) return text;
  for (const k of KEYS) {
    if (k === 'tooManyRequests') continue;
    if (texts[k] === text) return t(k, support);
    if (texts[k].includes('{') && withSupport(texts[k], support) === text) return t(k, support);
  }
  if (text.startsWith(tooManyBefore) && text.endsWith(tooManyAfter) && text.length >= tooManyBefore.length + tooManyAfter.length) {
    const wait = text.slice(tooManyBefore.length, text.length - tooManyAfter.length);
    return t('tooManyRequests', { wait: localWait(wait, t) });
  }
  return text;
}

/** useLocalizeMessage returns a function showing a Message (text and hints) in the page's language. */
export function useLocalizeMessage(support: Support): (m: Message) => Message {
  const { t } = useTranslation('shared');
  const { phone, email } = support;
  return useCallback(
    (m: Message) => {
      const s = { phone, email };
      return { ...m, text: localizeText(m.text, s, t), hints: m.hints.map((h) => localizeText(h, s, t)) };
    },
    [t, phone, email],
  );
}

/** useText is a section-8 text by its key, in the page's language. */
export function useText(): (key: TextKey, vars?: Partial<Support>) => string {
  const { t } = useTranslation('shared');
  return useCallback((key: TextKey, vars?: Partial<Support>) => t(key, { phone: '', email: '', wait: '', ...vars }), [t]);
}
