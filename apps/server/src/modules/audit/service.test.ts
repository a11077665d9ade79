import { describe, expect, it } from 'vitest';
import { withoutSecrets } from './service.ts';

describe('audit details', () => {
  it('drop tokens, passwords, secrets and signatures at any depth, keeping the rest', () => {
    expect(
      withoutSecrets({
        reason: 'Plagiarised',
        consentToken: 'abc',
        password: 'p',
        nested: { adminLoginSecret: 's', permitSignature: '0x1', days: 12 },
        list: [{ otp: '123456', email: 'a@b.c' }],
        gone: undefined,
      }),
    ).toEqual({ reason: 'Plagiarised', nested: { days: 12 }, list: [{ email: 'a@b.c' }] });
  });
});
