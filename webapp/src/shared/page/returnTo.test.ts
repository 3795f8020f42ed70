import { describe, expect, it } from 'vitest';
import { returnParam, safeReturnPath, withReturn } from './returnTo';

describe('safeReturnPath', () => {
  it.each([
    ['/topup-plans/TR/8996/acc/0?x=1#h', '/topup-plans/TR/8996/acc/0?x=1#h'],
    ['/plans', '/plans'],
    ['', ''],
    [null, ''],
    ['plans', ''],
    ['//evil.example/x', ''],
    ['/\\evil.example', ''],
    ['https://evil.example/', ''],
    ['javascript:alert(1)', ''],
    ['/login?next=/x', ''],
    ['/otp/a/b', ''],
    ['/pro\nfile', ''],
  ])('%j -> %j', (v, want) => expect(safeReturnPath(v)).toBe(want));
});

describe('withReturn / returnParam', () => {
  it('round-trips a path with its query through ?next=', () => {
    const to = withReturn('/login', '/topup-plans/TR/8996/acc/0?lang=ar');
    expect(to).toBe('/login?next=%2Ftopup-plans%2FTR%2F8996%2Facc%2F0%3Flang%3Dar');
    expect(returnParam(to.slice(to.indexOf('?')))).toBe('/topup-plans/TR/8996/acc/0?lang=ar');
  });
  it('leaves the path alone without a safe target', () => {
    expect(withReturn('/login', '')).toBe('/login');
    expect(withReturn('/login', '//evil.example')).toBe('/login');
  });
});
