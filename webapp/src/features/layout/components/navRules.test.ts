import { describe, expect, it } from 'vitest';
import { accountLabel, beirutDay, formatDateLine, isFaqActive, redirectFor } from './navRules';

describe('isFaqActive', () => {
  it.each([
    ['/faq', true],
    ['/faq/general-info', true],
    ['/FAQ', true],
    ['/help/faq-old', true],
    ['/plans', false],
    ['/', false],
  ])('%s -> %s', (path, want) => expect(isFaqActive(path)).toBe(want));
});

describe('accountLabel', () => {
  it.each([
    { user: { firstName: 'Rana', lastName: 'Haddad' }, want: 'Rana Haddad' },
    { user: { firstName: 'Rana', lastName: '' }, want: 'My Account' },
    { user: { firstName: ' ', lastName: 'Haddad' }, want: 'My Account' },
    { user: null, want: 'My Account' },
  ])('$want', ({ user, want }) => expect(accountLabel(user)).toBe(want));
});

describe('formatDateLine', () => {
  it.each([
    { at: '2026-11-22T10:00:00Z', want: 'Sunday, November 22, 2026' },
    // 23:30 UTC is already the next day in Beirut (UTC+2).
    { at: '2026-11-30T23:30:00Z', want: 'Tuesday, December 1, 2026' },
  ])('$at', ({ at, want }) => expect(formatDateLine(new Date(at))).toBe(want));

  it('gives the machine-readable day in Beirut too', () => {
    expect(beirutDay(new Date('2026-11-30T23:30:00Z'))).toBe('2026-12-01');
  });
});

describe('redirectFor', () => {
  it.each([
    { path: '/login', registered: true, want: '/profile' },
    { path: '/otp/a/b', registered: true, want: '/profile' },
    { path: '/profile', registered: false, want: '/login' },
    { path: '/profile', registered: true, want: null },
    { path: '/login', registered: false, want: null },
    { path: '/plans', registered: false, want: null },
  ])('$path registered=$registered', ({ path, registered, want }) => expect(redirectFor(path, registered)).toBe(want));
});
