// The "Whitelist from CSV" section with the real providers and consent dialog,
// the API stubbed: it lists pending invitees, saying in words why a mail has
// not gone and who accepted, whitelists the ones who accepted with one more
// consent (by their emails: the sponsor is shown no wallet), sends an
// invitation again and withdraws one (the dialog: whitelist-csv-dialog.test.tsx).
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { WHITELIST_CSV_MESSAGES as CSV, type WhitelistInvitation } from '@gets/schema';
import { AppProvider } from '@/app/provider';
import { closeAllStreams } from '@/features/custody';
import { sampleBadge } from '@/test/fixtures';
import { chainAction, stubApi } from '@/test/api-stub';
import { storeUserSession, VERIFIED_SPONSOR } from '@/test/render-route';
import { INVITATIONS_REFRESH_MS } from '../api/whitelist-from-csv';
import { WhitelistCsvSection } from './whitelist-csv-section';

afterEach(() => closeAllStreams());

const BADGE = sampleBadge({ name: 'Invitation Only', isPublic: false, onChainId: '12' });

describe('WhitelistCsvSection', () => {
  const renderSection = () =>
    render(
      <AppProvider>
        <WhitelistCsvSection badge={BADGE} />
      </AppProvider>,
    );
  const invited = (email: string, more: Partial<WhitelistInvitation> = {}) => ({
    email,
    invitedAt: '2026-11-20T10:00:00.000Z',
    accepted: false,
    delivery: 'SENT',
    deliveryNote: null,
    ...more,
  });

  it('reads the invitees again while a mail is being sent, until it has gone', async () => {
    storeUserSession(VERIFIED_SPONSOR);
    let reads = 0;
    const api = stubApi({
      'GET /badge/whitelist/invitations': () => {
        reads += 1;
        return {
          data: [invited('slow@example.net', { delivery: reads === 1 ? 'SENDING' : 'SENT' })],
        };
      },
    });
    renderSection();
    expect(await screen.findByText('Sending invitation')).toBeTruthy();
    // The next read, INVITATIONS_REFRESH_MS later, finds the mail sent; then no more reads.
    expect(
      await screen.findByText('Invited, not accepted yet', undefined, {
        timeout: INVITATIONS_REFRESH_MS + 2_000,
      }),
    ).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, INVITATIONS_REFRESH_MS + 500));
    expect(api.callsTo('GET', '/badge/whitelist/invitations')).toHaveLength(2);
  }, 15_000);

  it('lists pending invitees with how their mail went, and whitelists the ones who accepted with one more consent', async () => {
    storeUserSession(VERIFIED_SPONSOR);
    const api = stubApi({
      'GET /badge/whitelist/invitations': {
        data: [
          invited('late@example.net'),
          invited('slow@example.net', {
            delivery: 'SENDING',
            deliveryNote: CSV.deliveryRetrying,
          }),
          invited('ada@exmple.net', {
            delivery: 'NOT_DELIVERED',
            deliveryNote: CSV.deliveryRefused,
          }),
          invited('new@example.net', { accepted: true }),
        ],
      },
      'POST /badge/whitelist/invitations/accepted': chainAction(
        'Whitelist 1 invitee who accepted your invitation',
      ),
    });
    renderSection();
    const invitees = await screen.findByRole('list', { name: 'Pending invitees' });
    expect(
      within(invitees)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'late@example.netInvited, not accepted yetWithdraw',
      `slow@example.netSending invitationWithdraw${CSV.deliveryRetrying}`,
      `ada@exmple.netInvitation not deliveredSend againWithdraw${CSV.deliveryRefused}`,
      'new@example.netAccepted, not whitelisted yetWithdraw',
    ]);
    expect(
      screen.getByText(/You see who accepted, not who has an account or who declined/),
    ).toBeTruthy();
    // Only the invitation not delivered can be sent again.
    expect(within(invitees).getAllByRole('button', { name: /^Send again/ })).toHaveLength(1);
    expect(api.callsTo('GET', '/badge/whitelist/invitations')[0]!.query.get('badgeId')).toBe(
      BADGE._id,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Whitelist 1 who accepted' }));
    const consent = await screen.findByRole('alertdialog', {
      name: 'Whitelist invitees who accepted',
    });
    expect(
      within(consent).getByText('Whitelist 1 invitee who accepted your invitation'),
    ).toBeTruthy();
    fireEvent.click(within(consent).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Earner whitelisted!')).toBeTruthy();
    const calls = api.callsTo('POST', '/badge/whitelist/invitations/accepted');
    expect(calls.map((call) => call.body)).toEqual([
      { badgeId: BADGE._id, emails: ['new@example.net'] },
      { badgeId: BADGE._id, emails: ['new@example.net'], consentToken: expect.any(String) },
    ]);
  });

  it('sends an invitation that was not delivered again, and withdraws one once the sponsor confirms', async () => {
    storeUserSession(VERIFIED_SPONSOR);
    let withdrawn = false;
    let resent = false;
    const api = stubApi({
      'GET /badge/whitelist/invitations': () => ({
        data: [
          invited(
            'ada@example.net',
            resent
              ? { delivery: 'SENDING' }
              : {
                  delivery: 'NOT_DELIVERED',
                  deliveryNote: CSV.deliveryUnreachable,
                },
          ),
          ...(withdrawn ? [] : [invited('ada@exmple.net')]),
        ],
      }),
      'POST /badge/whitelist/invitations/resend': () => {
        resent = true;
        return { message: CSV.invitationSentAgain, data: invited('ada@example.net') };
      },
      'DELETE /badge/whitelist/invitations': () => {
        withdrawn = true;
        return { message: CSV.invitationWithdrawn, data: { email: 'ada@exmple.net' } };
      },
    });
    renderSection();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Send again the invitation to ada@example.net' }),
    );
    expect(await screen.findByText('Invitation sent again!')).toBeTruthy();
    expect(api.callsTo('POST', '/badge/whitelist/invitations/resend')[0]!.body).toEqual({
      badgeId: BADGE._id,
      email: 'ada@example.net',
    });
    // Read again: the mail is being sent, so there is nothing more to send again.
    expect(await screen.findByText('Sending invitation')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Send again/ })).toBeNull();

    fireEvent.click(
      screen.getByRole('button', { name: 'Withdraw the invitation of ada@exmple.net' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Withdraw the invitation' });
    expect(confirm.textContent).toContain('ada@exmple.net leaves the pending invitees');
    expect(confirm.textContent).toContain('This email cannot be invited to this badge again.');
    // Cancel withdraws nothing.
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.callsTo('DELETE', '/badge/whitelist/invitations')).toHaveLength(0);

    fireEvent.click(
      screen.getByRole('button', { name: 'Withdraw the invitation of ada@exmple.net' }),
    );
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Withdraw the invitation' })).getByRole(
        'button',
        { name: 'Withdraw' },
      ),
    );
    expect(await screen.findByText('Invitation withdrawn!')).toBeTruthy();
    expect(api.callsTo('DELETE', '/badge/whitelist/invitations')[0]!.body).toEqual({
      badgeId: BADGE._id,
      email: 'ada@exmple.net',
    });
    await waitFor(() => expect(screen.queryByText('ada@exmple.net')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('says why the server refused to send an invitation again', async () => {
    storeUserSession(VERIFIED_SPONSOR);
    stubApi({
      'GET /badge/whitelist/invitations': {
        data: [
          invited('ada@example.net', {
            delivery: 'NOT_DELIVERED',
            deliveryNote: CSV.deliveryRefused,
          }),
        ],
      },
      'POST /badge/whitelist/invitations/resend': {
        status: 409,
        message: CSV.invitationNotRefused,
      },
    });
    renderSection();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Send again the invitation to ada@example.net' }),
    );
    expect(await screen.findByText(`${CSV.invitationNotRefused}!`)).toBeTruthy();
  });
});
