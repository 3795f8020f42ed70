import { describe, expect, it } from 'vitest';
import vectors from '@contract/vectors/support.json';
import { whatsAppLink, whatsAppNumber } from './whatsapp';

// contract/vectors/support.json: the same cases run against Go's sdk/support.
describe('support vectors', () => {
  it('has a runner for every section', () => {
    expect(Object.keys(vectors).filter((k) => k !== 'description').sort()).toEqual(['whatsAppLink', 'whatsAppNumber']);
  });

  it.each(vectors.whatsAppNumber.cases)('whatsAppNumber: $name', (c) => {
    expect(whatsAppNumber(c.in)).toBe(c.want);
  });

  it.each(vectors.whatsAppLink.cases)('whatsAppLink: $name', (c) => {
    expect(whatsAppLink(c.phone, c.text)).toBe(c.want);
  });
});
