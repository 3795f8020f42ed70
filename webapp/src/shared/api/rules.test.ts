import vectors from '@contract/vectors/requests.json';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './errors';
import { defaultRetryPolicy, effectiveAuth, guestRetryPath, retryWait, type AuthMode } from './rules';

// contract/vectors/requests.json, shared with the Go SDK (sdk/rules_test.go).
describe('request rules (contract/vectors/requests.json)', () => {
  it('has a runner for every section', () => {
    expect(Object.keys(vectors).filter((k) => k !== 'description').sort()).toEqual(['credential', 'guestRetry', 'retry']);
  });

  it.each(vectors.credential.cases)('credential: $name', (c) => {
    expect(effectiveAuth(c.path, c.auth as AuthMode)).toBe(c.want);
  });

  it.each(vectors.guestRetry.cases)('guestRetry: $name', (c) => {
    expect(guestRetryPath(c.path)).toBe(c.want);
  });

  it.each(vectors.retry.cases)('retry: $name', (c) => {
    const err =
      c.error.kind === 'api'
        ? new ApiError('call', 'https://x.test/', c.error.status ?? 0, {}, c.error.retryAfter ?? 0)
        : c.error.kind === 'network'
          ? new NetworkError('call', new TypeError('Failed to fetch'))
          : new SyntaxError('not JSON');
    const wait = retryWait({ ...defaultRetryPolicy, random: () => c.random }, { method: c.method, idempotent: c.idempotent }, err, c.attempt);
    if (c.want === null) expect(wait).toBeNull();
    else expect(wait).toBeCloseTo(c.want, 6);
  });
});
