import { describe, expect, it } from 'vitest';
import { formatWhen } from './when';

describe('formatWhen', () => {
  const at = Date.parse('2026-11-23T18:05:00Z'); // 20:05 in Beirut (UTC+2 in winter)
  it('writes English as the shop does, in Beirut time', () => {
    expect(formatWhen(at, 'en')).toBe('Nov 23, 2026, 8:05 PM');
  });
  it.each(['ar', 'fr'] as const)('writes %s with Latin digits, in Beirut time', (locale) => {
    const text = formatWhen(at, locale);
    expect(text).toMatch(/2026/);
    expect(text).toMatch(/20:05|8:05/);
    expect(text).not.toMatch(/[\u0660-\u0669]/);
  });
  it('writes French months', () => {
    expect(formatWhen(at, 'fr')).toContain('nov.');
  });
});
