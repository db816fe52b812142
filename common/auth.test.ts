import { describe, expect, it } from 'vitest';
import { displayName } from './auth';

describe('displayName', () => {
  it('prefers the first name, then the email before the @, then Creator', () => {
    expect(displayName({ firstName: 'Maya', email: 'maya@ballast.test' })).toBe('Maya');
    expect(displayName({ firstName: '  ', email: 'maya.k@ballast.test' })).toBe('maya.k');
    expect(displayName({ firstName: null, email: null })).toBe('Creator');
    expect(displayName(null)).toBe('Creator');
  });
});
