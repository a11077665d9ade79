// The earner's invitations with the real providers, the API stubbed: each
// open invitation says who invites them to which badge and what accepting
// does, with Accept and Decline named for the badge; an answer goes to the
// server, says how it went and reads the list again; an accepted invitation
// says what it waits for; no invitation, no section; a badge's page shows the
// invitation to that badge only.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import {
  ACCEPT_INVITATION_NOTE,
  ACCEPTED_INVITATION_NOTE,
  WHITELIST_CSV_MESSAGES as CSV,
  type EarnerInvitation,
} from '@gets/schema';
import { AppProvider } from '@/app/provider';
import { closeAllStreams } from '@/features/custody';
import { stubApi } from '@/test/api-stub';
import { EARNER, storeUserSession } from '@/test/render-route';
import { BadgeInvitation, EarnerInvitations } from './earner-invitations';

afterEach(() => closeAllStreams());

const ENGINES = '00000000-0000-4000-8000-0000000000e1';
const LOOMS = '00000000-0000-4000-8000-0000000000e2';

const invitation = (more: Partial<EarnerInvitation> = {}): EarnerInvitation => ({
  badgeId: ENGINES,
  badgeName: 'Engines',
  sponsorName: 'Springfield School',
  invitedAt: '2026-11-20T10:00:00.000Z',
  status: 'PENDING',
  ...more,
});

function renderWith(element: React.ReactElement) {
  storeUserSession(EARNER);
  const router = createMemoryRouter([{ path: '*', element }]);
  return render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

describe('EarnerInvitations', () => {
  it('shows each open invitation with what accepting does, and accepts one', async () => {
    let accepted = false;
    const api = stubApi({
      'GET /badge/invitations': () => ({
        data: [
          invitation({ status: accepted ? 'ACCEPTED' : 'PENDING' }),
          invitation({ badgeId: LOOMS, badgeName: 'Looms', status: 'ACCEPTED' }),
        ],
      }),
      'POST /badge/invitations/accept': () => {
        accepted = true;
        return { message: CSV.invitationAccepted, data: invitation({ status: 'ACCEPTED' }) };
      },
    });
    renderWith(<EarnerInvitations />);
    const list = await screen.findByRole('list', { name: 'Invitations' });
    expect(screen.getByRole('heading', { name: 'Invitations' })).toBeTruthy();
    const engines = within(list).getByRole('article', {
      name: 'Springfield School invites you to apply for Engines',
    });
    expect(engines.textContent).toContain(ACCEPT_INVITATION_NOTE);
    expect(
      within(engines)
        .getByRole('link', { name: 'Springfield School invites you to apply for Engines' })
        .getAttribute('href'),
    ).toBe(`/badge/${ENGINES}`);
    // The accepted one waits for the sponsor: no answer to give.
    const looms = within(list).getByRole('article', {
      name: 'Springfield School invites you to apply for Looms',
    });
    expect(looms.textContent).toContain(ACCEPTED_INVITATION_NOTE);
    expect(within(looms).queryByRole('button')).toBeNull();

    const accept = within(engines).getByRole('button', {
      name: 'Accept the invitation to Engines',
    });
    expect(accept.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(accept.getAttribute('aria-describedby')!)?.textContent).toBe(
      ACCEPT_INVITATION_NOTE,
    );
    fireEvent.click(accept);
    expect(await screen.findByText('Invitation accepted!')).toBeTruthy();
    expect(api.callsTo('POST', '/badge/invitations/accept')[0]!.body).toEqual({
      badgeId: ENGINES,
    });
    // Read again: accepted, waiting for the sponsor.
    await waitFor(() =>
      expect(
        screen.getByRole('article', { name: 'Springfield School invites you to apply for Engines' })
          .textContent,
      ).toContain(ACCEPTED_INVITATION_NOTE),
    );
    expect(screen.queryByRole('button', { name: /^Accept/ })).toBeNull();
  });

  it('declines one: it leaves the list, and with the last one the section goes', async () => {
    let declined = false;
    const api = stubApi({
      'GET /badge/invitations': () => ({ data: declined ? [] : [invitation()] }),
      'POST /badge/invitations/decline': () => {
        declined = true;
        return { message: CSV.invitationDeclined, data: null };
      },
    });
    renderWith(<EarnerInvitations />);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Decline the invitation to Engines' }),
    );
    expect(await screen.findByText('Invitation declined!')).toBeTruthy();
    expect(api.callsTo('POST', '/badge/invitations/decline')[0]!.body).toEqual({
      badgeId: ENGINES,
    });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Invitations' })).toBeNull());
  });

  it('says why an answer was refused', async () => {
    stubApi({
      'GET /badge/invitations': { data: [invitation()] },
      'POST /badge/invitations/accept': { status: 404, message: CSV.noInvitationForYou },
    });
    renderWith(<EarnerInvitations />);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Accept the invitation to Engines' }),
    );
    expect(await screen.findByText(`${CSV.noInvitationForYou}!`)).toBeTruthy();
  });

  it('shows nothing without an invitation, and its error when the list cannot be read', async () => {
    const api = stubApi({ 'GET /badge/invitations': { data: [] } });
    const { unmount } = renderWith(<EarnerInvitations />);
    await waitFor(() => expect(api.callsTo('GET', '/badge/invitations')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Invitations' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Invitations' })).toBeNull();
    unmount();
    let failing = true;
    stubApi({
      'GET /badge/invitations': () =>
        failing ? { status: 500, message: 'Something went wrong' } : { data: [invitation()] },
    });
    renderWith(<EarnerInvitations />);
    expect(
      await screen.findByText('Your invitations could not be read: Something went wrong.'),
    ).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Read invitations again' }));
    expect(
      await screen.findByRole('button', { name: 'Accept the invitation to Engines' }),
    ).toBeTruthy();
  });
});

describe('BadgeInvitation', () => {
  it("shows on a badge's page only the invitation to that badge", async () => {
    stubApi({
      'GET /badge/invitations': {
        data: [invitation({ badgeId: LOOMS, badgeName: 'Looms' }), invitation()],
      },
    });
    renderWith(<BadgeInvitation badgeId={ENGINES} />);
    const shown = await screen.findByRole('article', {
      name: 'Springfield School invites you to apply for Engines',
    });
    expect(within(shown).queryByRole('link')).toBeNull();
    expect(
      within(shown).getByRole('button', { name: 'Accept the invitation to Engines' }),
    ).toBeTruthy();
    expect(screen.queryByText(/Looms/)).toBeNull();
  });
});
