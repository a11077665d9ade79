// /unsubscribe?token= (the path the server's mails link to) through the real
// route table, the API stubbed: nothing is sent on opening the page (a mail
// scanner opens links), one click sends the token without a session and
// confirms, and a bad link says so.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { UNSUBSCRIBE_PATH, WHITELIST_CSV_MESSAGES as CSV } from '@gets/schema';
import { stubApi } from '@/test/api-stub';
import { EARNER, renderRoute, storeUserSession } from '@/test/render-route';

const TOKEN = 'Abc_-'.repeat(8) + 'xyz';

afterEach(() => vi.unstubAllGlobals());

describe('/unsubscribe', () => {
  it('unsubscribes on the click of its button, not on opening, without a session', async () => {
    storeUserSession(EARNER);
    const api = stubApi({
      'POST /badge/whitelist/invitations/unsubscribe': { message: CSV.unsubscribeDone, data: null },
    });
    renderRoute(`${UNSUBSCRIBE_PATH}?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unsubscribe from badge invitations' }),
    ).toBeTruthy();
    expect(api.callsTo('POST', '/badge/whitelist/invitations/unsubscribe')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You are unsubscribed' }),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(CSV.unsubscribeDone);
    const [call] = api.callsTo('POST', '/badge/whitelist/invitations/unsubscribe');
    expect(call!.body).toEqual({ token: TOKEN });
    expect(call!.headers.get('authorization')).toBeNull();
  });

  it('says why the server refused the link, and that a link without a token is none', async () => {
    stubApi({
      'POST /badge/whitelist/invitations/unsubscribe': {
        status: 404,
        message: CSV.badUnsubscribeLink,
      },
    });
    const { unmount } = renderRoute(`/unsubscribe?token=${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CSV.badUnsubscribeLink);
    unmount();

    renderRoute('/unsubscribe');
    expect((await screen.findByRole('alert')).textContent).toBe(CSV.badUnsubscribeLink);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });
});
