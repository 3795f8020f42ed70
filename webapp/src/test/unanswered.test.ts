import { describe, expect, it } from 'vitest';
import { unansweredMessage } from './unanswered';

describe('unansweredMessage', () => {
  it('names the call, its recorded scenarios and the parameter to set', () => {
    const msg = unansweredMessage([{ method: 'GET', url: 'https://api.example/esims/x', calls: ['getEsimInfo'] }]);
    expect(msg).toBe(
      [
        'The story made a request nothing answers:',
        "- GET https://api.example/esims/x: getEsimInfo (recorded scenarios: 'forbidden' | 'success')",
        'Choose what the server answers for each call in parameters.fixtures, e.g.',
        "  parameters: shopParameters({ fixtures: { 'getEsimInfo': 'forbidden' } })",
        "(a recorded scenario, an HTTP status such as 500, or 'pending'), or add an MSW handler to parameters.handlers.",
      ].join('\n'),
    );
  });

  it('lists every call a request may be, and says when no recorded call matches', () => {
    const msg = unansweredMessage([
      { method: 'GET', url: 'https://api.example/catalog/countries', calls: ['listCountries.areaList', 'listCountries'] },
      { method: 'POST', url: 'https://api.example/new/thing', calls: [] },
    ]);
    expect(msg).toContain('The story made 2 requests nothing answers:');
    expect(msg).toContain("listCountries (recorded scenarios: 'success') or listCountries.areaList (recorded scenarios: 'success')");
    expect(msg).toContain('- POST https://api.example/new/thing: no recorded call matches it; answer it with an MSW handler in parameters.handlers.');
    expect(msg).toContain("fixtures: { 'listCountries': 'success' }");
  });
});
