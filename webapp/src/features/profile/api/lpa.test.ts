import { describe, expect, it } from 'vitest';
import vectors from '@contract/vectors/lpa.json';
import { androidLink, fromIPhoneLink, iPhoneLink, LpaError, lpaString, parseLpa } from './lpa';

// contract/vectors/lpa.json: the same cases run against sdk/lpa in Go.
describe('lpa vectors', () => {
  it('has a runner for every section', () => {
    expect(Object.keys(vectors).filter((k) => k !== 'description').sort()).toEqual(['fromIPhoneLink', 'links', 'parse']);
  });

  it.each(vectors.parse.cases)('parse: $name', (c) => {
    if (c.want === null) {
      expect(() => parseLpa(c.in)).toThrow(LpaError);
      return;
    }
    const got = parseLpa(c.in);
    expect(got).toEqual(c.want);
    expect(lpaString(got)).toBe(c.string);
  });

  it.each(vectors.links.cases)('links: $name', (c) => {
    expect(iPhoneLink(c.code)).toBe(c.iphone);
    expect(androidLink(c.code)).toBe(c.android);
    expect(fromIPhoneLink(c.iphone)).toEqual(c.code);
  });

  it.each(vectors.fromIPhoneLink.cases)('fromIPhoneLink: $name', (c) => {
    if (c.want === null) {
      expect(() => fromIPhoneLink(c.link)).toThrow(LpaError);
      return;
    }
    expect(fromIPhoneLink(c.link)).toEqual(c.want);
  });
});
