// Where registering leads: an invitation's /register?next=/badge/{id} to the
// badge, anything that is not a path of this app to the dashboard.
import { describe, expect, it } from 'vitest';
import { afterRegister } from './register';

describe('afterRegister', () => {
  it('follows a path of this app and refuses any other place', () => {
    expect(afterRegister('/badge/3f1c')).toBe('/badge/3f1c');
    expect(afterRegister(null)).toBe('/dashboard');
    expect(afterRegister('https://evil.example')).toBe('/dashboard');
    expect(afterRegister('//evil.example/badge')).toBe('/dashboard');
    expect(afterRegister('/\\evil.example')).toBe('/dashboard');
    // Browsers drop a tab, and dot segments normalise: neither may become '//host'.
    expect(afterRegister('/\t/evil.example')).toBe('/dashboard');
    expect(afterRegister('/.//evil.example')).toBe('/dashboard');
    expect(afterRegister('javascript:alert(1)')).toBe('/dashboard');
  });
});
