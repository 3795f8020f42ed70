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

  // Issue 12: a visitor on a top-up list logs in and comes back to the same URL.
  it.each([
    { path: '/topup-plans/TR/8996/acc/0', search: '?lang=fr', registered: false, want: '/login?next=%2Ftopup-plans%2FTR%2F8996%2Facc%2F0%3Flang%3Dfr' },
    { path: '/topup-plans/TR/8996/acc/0', search: '', registered: true, want: null },
    { path: '/login', search: '?next=%2Ftopup-plans%2FTR%2F8996%2Facc%2F0%3Flang%3Dfr', registered: true, want: '/topup-plans/TR/8996/acc/0?lang=fr' },
    { path: '/otp/a/b', search: '?next=%2Ftopup-plans%2FTR%2F8996%2Facc%2F0', registered: true, want: '/topup-plans/TR/8996/acc/0' },
    { path: '/login', search: '?next=https%3A%2F%2Fevil.example', registered: true, want: '/profile' },
    { path: '/login', search: '?next=%2F%2Fevil.example', registered: true, want: '/profile' },
    { path: '/login', search: '?next=%2Flogin', registered: true, want: '/profile' },
  ])('$path$search registered=$registered', ({ path, search, registered, want }) => expect(redirectFor(path, registered, search)).toBe(want));
});
