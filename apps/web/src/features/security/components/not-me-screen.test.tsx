// /security/not-me#<token>: the fragment is read and cleared; "This wasn't me" signs every session out.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SECURITY_MESSAGES } from '@gets/schema';
import { stubApi } from '@/test/api-stub';
import { renderRoute } from '@/test/render-route';

const TOKEN = 't'.repeat(32);

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('/security/not-me', () => {
  it('posts the token of the fragment, clears it, then says what happened with a way to a new password', async () => {
    window.history.replaceState(null, '', `/security/not-me#${TOKEN}`);
    const api = stubApi({ 'POST /security/not-me': { data: null } });
    renderRoute(`/security/not-me#${TOKEN}`);
    const button = await screen.findByRole('button', { name: "This wasn't me" });
    expect(window.location.hash).toBe('');
    fireEvent.click(button);
    expect(await screen.findByText(SECURITY_MESSAGES.notMeDone)).toBeTruthy();
    expect(api.callsTo('POST', '/security/not-me')[0]?.body).toEqual({ token: TOKEN });
    expect(screen.getByRole('link', { name: 'Forgot password' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('says the link is not valid when it has no token', async () => {
    window.history.replaceState(null, '', '/security/not-me');
    stubApi({});
    renderRoute('/security/not-me');
    expect(await screen.findByText(SECURITY_MESSAGES.notMeInvalid)).toBeTruthy();
    await waitFor(() =>
      expect(
        screen.getByRole<HTMLButtonElement>('button', { name: "This wasn't me" }).disabled,
      ).toBe(true),
    );
  });
});
