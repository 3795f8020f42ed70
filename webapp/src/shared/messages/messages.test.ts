import vectors from '@contract/vectors/messages.json';
import { describe, expect, it } from 'vitest';
import { messageFor, texts, withSupport, type MessageContext, type MessageError } from './messages';

describe('messages vectors', () => {
  it('holds exactly the texts of the vector file', () => {
    expect(texts).toEqual(vectors.texts);
  });

  it('has cases for every context', () => {
    const contexts = new Set(vectors.cases.map((c) => c.context));
    expect([...contexts].sort()).toEqual(
      ['contact', 'otpSendLogin', 'otpSendSignup', 'otpVerify', 'payment', 'purchaseCheck', 'topup', 'topupCheck', 'topupSelect'],
    );
  });

  it.each(vectors.cases)('$context: $name', (c) => {
    const got = messageFor(c.context as MessageContext, c.error as MessageError | null, c.support);
    expect(got).toEqual(c.want);
  });
});

describe('withSupport', () => {
  it('fills every placeholder', () => {
    expect(withSupport('{phone} / {email} / {phone}', { phone: '1', email: 'e' })).toBe('1 / e / 1');
  });
});
