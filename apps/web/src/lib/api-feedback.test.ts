import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_ERROR_REDIRECT_DELAY_MS, SERVER_MESSAGES } from '@gets/schema';
import { showApiError, withBang } from './api-feedback';
import { toast } from './toast';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('showApiError (spec section 8, generic handling)', () => {
  it('shows the server message followed by "!" and does not navigate for other messages', () => {
    const error = vi.spyOn(toast, 'error');
    const navigate = vi.fn();
    showApiError({ message: 'The OTP is incorrect' }, navigate);
    expect(error).toHaveBeenCalledWith('The OTP is incorrect!', undefined);
    vi.advanceTimersByTime(EMAIL_ERROR_REDIRECT_DELAY_MS * 2);
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([
    [SERVER_MESSAGES.emailAlreadyRegistered, '/login'],
    [SERVER_MESSAGES.emailNotRegistered, '/register'],
  ])('"%s" goes to %s after 2000 ms', (message, path) => {
    const navigate = vi.fn();
    showApiError({ message }, navigate);
    vi.advanceTimersByTime(EMAIL_ERROR_REDIRECT_DELAY_MS - 1);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith(path);
  });

  it('does not double a "!" the server already wrote', () => {
    expect(withBang('Done!')).toBe('Done!');
    expect(withBang('Done')).toBe('Done!');
  });
});
