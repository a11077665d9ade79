import { describe, expect, it, vi } from 'vitest';
import { SESSION_MESSAGES, SESSION_STORAGE_KEYS } from '@gets/schema';
import { isSessionEndAnswer, onSessionEnd, reportSessionEnd } from './session-end';

function store(actor: 'user' | 'admin', token: string) {
  window.localStorage.setItem(SESSION_STORAGE_KEYS[actor], JSON.stringify({ token }));
}

describe('reportSessionEnd', () => {
  it('ends a stored session once, however many refusals arrive', async () => {
    store('user', 'user-token');
    let finish: () => void = () => {};
    const listener = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const stop = onSessionEnd(listener);
    expect(reportSessionEnd('user-token')).toBe(true);
    // Still stored while the login page opens: a second refusal ends nothing.
    expect(reportSessionEnd('user-token')).toBe(false);
    window.localStorage.removeItem(SESSION_STORAGE_KEYS.user);
    finish();
    await Promise.resolve();
    expect(reportSessionEnd('user-token')).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith({ actor: 'user', message: SESSION_MESSAGES.ended });
    stop();
  });

  it('leaves a newer session alone when a call made with the old token is refused', () => {
    store('user', 'fresh-token');
    const listener = vi.fn();
    const stop = onSessionEnd(listener);
    expect(reportSessionEnd('old-token')).toBe(false);
    expect(listener).not.toHaveBeenCalled();
    stop();
  });

  it("finds the actor holding the token (the stream knows only its token), or takes the caller's", () => {
    store('admin', 'admin-token');
    const listener = vi.fn();
    const stop = onSessionEnd(listener);
    expect(reportSessionEnd('admin-token', { actor: 'user' })).toBe(false);
    expect(reportSessionEnd('admin-token', { message: 'Banned' })).toBe(true);
    expect(listener).toHaveBeenCalledWith({ actor: 'admin', message: 'Banned' });
    stop();
  });
});

describe('isSessionEndAnswer', () => {
  it('is a 401, or a 403 with the ban message only', () => {
    expect(isSessionEndAnswer(401, 'anything')).toBe(true);
    expect(isSessionEndAnswer(403, SESSION_MESSAGES.banned)).toBe(true);
    expect(isSessionEndAnswer(403, 'Only earners can do this')).toBe(false);
    expect(isSessionEndAnswer(500, 'Something went wrong')).toBe(false);
  });
});
