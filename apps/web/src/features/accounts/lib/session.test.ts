import { describe, expect, it } from 'vitest';
import { displayName, parseSession } from './session';

describe('parseSession', () => {
  it('reads a stored { token, user } and normalises the user type', () => {
    const session = parseSession(
      JSON.stringify({
        token: 't',
        user: {
          _id: 'u1',
          userName: 'ada',
          userType: 'sponsor',
          isVerified: true,
          status: 'APPROVED',
        },
      }),
    );
    expect(session?.token).toBe('t');
    expect(session?.user).toMatchObject({
      _id: 'u1',
      userName: 'ada',
      userType: 'SPONSOR',
      isVerified: true,
      status: 'APPROVED',
      profilePic: null,
    });
  });

  it.each([
    ['nothing stored', null],
    ['empty string', ''],
    ['malformed JSON', '{"token":'],
    ['a bare string', '"token"'],
    ['no token', JSON.stringify({ user: { _id: 'u1' } })],
    ['no user', JSON.stringify({ token: 't' })],
    ['user is not an object', JSON.stringify({ token: 't', user: 'ada' })],
  ])('reads %s as no session', (_, raw) => {
    expect(parseSession(raw)).toBeNull();
  });

  it('leaves an unknown user type as null rather than guessing', () => {
    expect(
      parseSession(JSON.stringify({ token: 't', user: { userType: 'ADMIN' } }))?.user.userType,
    ).toBeNull();
  });
});

describe('displayName', () => {
  it('prefers the user name, then the full name, then the email', () => {
    const base = parseSession(JSON.stringify({ token: 't', user: {} }))!.user;
    expect(displayName({ ...base, userName: 'ada', fullName: 'Ada L' })).toBe('ada');
    expect(displayName({ ...base, fullName: 'Ada L', email: 'a@b.co' })).toBe('Ada L');
    expect(displayName({ ...base, email: 'a@b.co' })).toBe('a@b.co');
  });
});
