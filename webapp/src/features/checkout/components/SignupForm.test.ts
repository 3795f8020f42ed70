import vectors from '@contract/vectors/signup.json';
import { describe, expect, it } from 'vitest';
import { phoneValid, validateSignup } from './SignupForm';

// validateSignup answers catalogue keys (checkout namespace): 'Phone number is required', 'Enter digits only'.
const texts: Record<string, string | undefined> = { '': undefined, required: 'phoneRequired', digits: 'digitsOnly' };

// Every case of contract/vectors/signup.json, shared with Go's sdk/signupform.
describe('signup vectors', () => {
  it('covers every section of the vector file', () => {
    expect(Object.keys(vectors).filter((k) => k !== 'description')).toEqual(['phone']);
  });

  it.each(vectors.phone.cases)('phone: $name', ({ phone, want }) => {
    const form = { firstName: 'Rana', lastName: 'Haddad', countryCode: '961', phone, email: 'rana@example.com' };
    expect(validateSignup(form).phone).toBe(texts[want]);
    if (want !== 'required') expect(phoneValid(phone)).toBe(want === '');
  });
});
