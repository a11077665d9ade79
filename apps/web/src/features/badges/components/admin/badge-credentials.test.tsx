// The credentials of a badge in the admin console, through the real route
// table (Active badges → Credentials → the side panel): each earner's credential
// with its status, and Revoke asking for a reason before it calls the API.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CREDENTIAL_MESSAGES, type BadgeCredential } from '@gets/schema';
import { toast } from '@/lib/toast';
import { sampleBadge } from '@/test/fixtures';
import { stubApi, storeAdminSession, type Handler } from '@/test/api-stub';
import { renderRoute } from '@/test/render-route';
import { formatDateTime as formatDate } from '@/lib/format';

const badge = sampleBadge();
const ACTIVE: BadgeCredential = {
  id: '0b6f3c8e-2d7b-4f55-9d1e-6f2a8c3b9e10',
  earnerName: 'Grace Hopper',
  earnerEmail: 'grace@example.org',
  earnerWallet: '0x1111111111111111111111111111111111111111',
  issuedAt: '2025-03-01T10:00:00.000Z',
  status: 'active',
  revokedAt: null,
  revocationReason: null,
};
const REVOKED: BadgeCredential = {
  ...ACTIVE,
  id: '7c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d5e',
  earnerName: 'Alan Turing',
  status: 'revoked',
  revokedAt: '2025-04-02T09:30:00.000Z',
  revocationReason: 'Duplicate award',
};
const REVOKED_AT = '2025-05-06T12:00:00.000Z';

/** The admin's Active badges screen with one approved badge whose credentials the API lists. */
function stubBadge(revoke: Handler) {
  let credentials = [ACTIVE, REVOKED];
  const api = stubApi({
    'GET /admin/badge': (call) => {
      const badges = call.query.get('status') === 'UNDER_VERIFICATION' ? [] : [badge];
      return {
        data: {
          badges,
          total: badges.length,
          hasMore: false,
          page: 1,
          limit: 12,
          approvalPeriod: 10,
        },
      };
    },
    'GET /admin/credentials': () => ({ data: credentials }),
    [`POST /admin/credentials/${ACTIVE.id}/revoke`]: async (call) => {
      const answer = typeof revoke === 'function' ? await revoke(call) : revoke;
      if ((answer.status ?? 200) === 200) {
        credentials = credentials.map((c) =>
          c.id === ACTIVE.id
            ? {
                ...c,
                status: 'revoked',
                revokedAt: REVOKED_AT,
                revocationReason: String(call.body?.reason),
              }
            : c,
        );
      }
      return answer;
    },
  });
  storeAdminSession();
  renderRoute('/dashboard?menu=badges');
  return api;
}

async function openPanel() {
  fireEvent.click(await screen.findByRole('button', { name: `Credentials of ${badge.name}` }));
  const panel = await screen.findByRole('dialog', { name: badge.name });
  return within(panel).findByRole('list', { name: 'Credentials issued' });
}

const row = (list: HTMLElement, name: string) =>
  within(list).getByText(name).closest('li') as HTMLElement;

describe('Credentials issued (admin badge side panel)', () => {
  it('lists each credential with its issue date and status; Revoke only for the active ones', async () => {
    const api = stubBadge({ message: CREDENTIAL_MESSAGES.revoked });
    const list = await openPanel();
    expect(api.callsTo('GET', '/admin/credentials')[0]?.query.get('badgeId')).toBe(badge._id);
    expect(api.callsTo('GET', '/admin/credentials')[0]?.headers.get('authorization')).toBe(
      'Bearer admin-token',
    );

    const grace = row(list, 'Grace Hopper');
    expect(grace.textContent).toContain(`Issued ${formatDate(ACTIVE.issuedAt)}`);
    expect(grace.textContent).toContain('Active');
    expect(within(grace).getByRole('button', { name: /^Revoke/ })).toBeTruthy();

    const alan = row(list, 'Alan Turing');
    expect(alan.textContent).toContain(`Revoked ${formatDate(REVOKED.revokedAt)}`);
    expect(alan.textContent).toContain('Reason: Duplicate award');
    expect(within(alan).queryByRole('button')).toBeNull();
  });

  it('Revoke asks for a reason, sends it, toasts and shows the row revoked', async () => {
    const success = vi.spyOn(toast, 'success');
    const api = stubBadge({ message: CREDENTIAL_MESSAGES.revoked });
    const list = await openPanel();
    fireEvent.click(within(row(list, 'Grace Hopper')).getByRole('button', { name: /^Revoke/ }));

    const dialog = await screen.findByRole('dialog', {
      name: 'Revoke the credential of Grace Hopper',
    });
    const confirm = within(dialog).getByRole<HTMLButtonElement>('button', {
      name: 'Revoke credential',
    });
    const reason = within(dialog).getByLabelText<HTMLTextAreaElement>('Reason');
    expect(reason.required).toBe(true);
    expect(confirm.disabled).toBe(true);
    fireEvent.change(reason, { target: { value: '   ' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(reason, { target: { value: 'Evidence was plagiarised' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);

    await waitFor(() => expect(success).toHaveBeenCalledWith(CREDENTIAL_MESSAGES.revoked));
    expect(api.callsTo('POST', `/admin/credentials/${ACTIVE.id}/revoke`)[0]?.body).toEqual({
      reason: 'Evidence was plagiarised',
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /^Revoke the credential/ })).toBeNull(),
    );
    await waitFor(() =>
      expect(row(list, 'Grace Hopper').textContent).toContain(`Revoked ${formatDate(REVOKED_AT)}`),
    );
    expect(row(list, 'Grace Hopper').textContent).toContain('Reason: Evidence was plagiarised');
    expect(within(row(list, 'Grace Hopper')).queryByRole('button')).toBeNull();
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    const success = vi.spyOn(toast, 'success');
    stubBadge({ status: 409, message: CREDENTIAL_MESSAGES.alreadyRevoked });
    const list = await openPanel();
    fireEvent.click(within(row(list, 'Grace Hopper')).getByRole('button', { name: /^Revoke/ }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Revoke the credential of Grace Hopper',
    });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Fraud' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke credential' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      CREDENTIAL_MESSAGES.alreadyRevoked,
    );
    expect(screen.getByRole('dialog', { name: 'Revoke the credential of Grace Hopper' })).toBe(
      dialog,
    );
    expect(success).not.toHaveBeenCalled();
  });
});
