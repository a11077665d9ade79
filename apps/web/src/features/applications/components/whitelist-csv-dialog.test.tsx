// The "Whitelist from CSV" dialog with the real providers and consent dialog,
// the API stubbed: a chosen or dropped file is previewed by the server, the
// table shows each row's kind and the counts, Confirm names how many earners
// are whitelisted and goes through exactly one consent; a refused file says why,
// and so does a file with more emails to invite than are left today (no
// Confirm then); the section lists pending invitees, saying in words why a
// mail has not gone, and whitelists the registered ones.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  tooManyInvitationsMessage,
  WHITELIST_CSV_MESSAGES as CSV,
  type WhitelistCsvPreview,
  type WhitelistInvitation,
} from '@gets/schema';
import { AppProvider } from '@/app/provider';
import { closeAllStreams } from '@/features/custody';
import { sampleBadge } from '@/test/fixtures';
import { chainAction, stubApi, type Answer, type StubCall } from '@/test/api-stub';
import type { TransactionStatus } from '@gets/schema';
import { storeUserSession, VERIFIED_SPONSOR } from '@/test/render-route';
import { WhitelistCsvDialog } from './whitelist-csv-dialog';
import { INVITATIONS_REFRESH_MS } from '../api/whitelist-from-csv';
import { WhitelistCsvSection } from './whitelist-csv-section';

afterEach(() => closeAllStreams());

const BADGE = sampleBadge({ name: 'Invitation Only', isPublic: false, onChainId: '12' });
const ADA = '0x1111111111111111111111111111111111111111';
const FILE_TEXT = `email\nada@example.com\nnew@example.net\nada@example.com\nnope\n${ADA}`;

const PREVIEW: WhitelistCsvPreview = {
  hasHeader: true,
  rows: [
    {
      line: 2,
      value: 'ada@example.com',
      kind: 'ready',
      reason: CSV.ready,
      account: ADA,
      fullName: 'Ada',
    },
    {
      line: 3,
      value: 'new@example.net',
      kind: 'unknown',
      reason: CSV.unknown,
      account: null,
      fullName: null,
    },
    {
      line: 4,
      value: 'ada@example.com',
      kind: 'duplicate',
      reason: CSV.duplicateInFile,
      account: ADA,
      fullName: 'Ada',
    },
    {
      line: 5,
      value: 'nope',
      kind: 'invalid',
      reason: CSV.notEmailOrAddress,
      account: null,
      fullName: null,
    },
    {
      line: 6,
      value: `0x${'2'.repeat(40)}`,
      kind: 'ready',
      reason: CSV.ready,
      account: `0x${'2'.repeat(40)}`,
      fullName: 'Bob',
    },
  ],
  counts: { ready: 2, unknown: 1, duplicate: 1, invalid: 1, unsubscribed: 0 },
  invitations: { perDay: 200, leftToday: 37 },
};

function renderDialog() {
  storeUserSession(VERIFIED_SPONSOR);
  const onClose = vi.fn();
  render(
    <AppProvider>
      <WhitelistCsvDialog badge={BADGE} open onClose={onClose} />
    </AppProvider>,
  );
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Whitelist from CSV' }) };
}

const csvFile = (text: string) => new File([text], 'earners.csv', { type: 'text/csv' });

describe('WhitelistCsvDialog', () => {
  it('previews a chosen file, names the earners on Confirm, and whitelists them in one consent', async () => {
    const api = stubApi({
      'POST /badge/whitelist/csv/preview': { data: PREVIEW },
      'POST /badge/whitelist/csv': chainAction('Whitelist 2 earners for your private badge'),
    });
    const { dialog, onClose } = renderDialog();

    fireEvent.change(within(dialog).getByLabelText('CSV file'), {
      target: { files: [csvFile(FILE_TEXT)] },
    });

    const table = await within(dialog).findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]!.textContent)).toEqual([
      'Ready',
      'Unknown user',
      'Duplicate',
      'Invalid',
      'Ready',
    ]);
    expect(within(rows[1]!).getByText(CSV.unknown)).toBeTruthy();
    const counts = within(dialog).getByRole('list', { name: 'Row counts' });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ready: 2', 'Unknown user: 1', 'Duplicate: 1', 'Invalid: 1', 'Unsubscribed: 0']);
    expect(
      within(dialog).getByText('You can send 37 more invitations today (at most 200 a day).'),
    ).toBeTruthy();
    expect(api.callsTo('POST', '/badge/whitelist/csv/preview')[0]!.body).toEqual({
      badgeOnChainId: '12',
      csv: FILE_TEXT,
    });

    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Whitelist 2 earners and invite 1' }),
    );
    const consent = await screen.findByRole('alertdialog', { name: 'Whitelist from CSV' });
    expect(within(consent).getByText('Whitelist 2 earners for your private badge')).toBeTruthy();
    fireEvent.click(within(consent).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('2 earners whitelisted!')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const confirmCalls = api.callsTo('POST', '/badge/whitelist/csv');
    expect(confirmCalls).toHaveLength(2);
    expect(confirmCalls[1]!.body).toMatchObject({ csv: FILE_TEXT, badgeOnChainId: '12' });
    expect(confirmCalls[1]!.body?.consentToken).toBeTruthy();
    expect(screen.queryAllByRole('alertdialog')).toHaveLength(0);
  });

  it('reads a dropped file, and shows why the server refused it without a Confirm', async () => {
    const api = stubApi({
      'POST /badge/whitelist/csv/preview': { status: 400, message: CSV.tooManyRows },
    });
    const { dialog } = renderDialog();
    fireEvent.drop(within(dialog).getByTestId('csv-drop-zone'), {
      dataTransfer: { files: [csvFile('a@example.com\n')] },
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(CSV.tooManyRows);
    expect(api.callsTo('POST', '/badge/whitelist/csv/preview')[0]!.body?.csv).toBe(
      'a@example.com\n',
    );
    expect(within(dialog).queryByRole('button', { name: /Whitelist \d/ })).toBeNull();
  });

  it('says how many invitations are left today when the file has more, with no Confirm', async () => {
    const over: WhitelistCsvPreview = {
      ...PREVIEW,
      rows: [
        ...PREVIEW.rows,
        {
          line: 7,
          value: 'gone@example.net',
          kind: 'unsubscribed',
          reason: CSV.addressUnsubscribed,
          account: null,
          fullName: null,
        },
      ],
      counts: { ...PREVIEW.counts, unknown: 3, unsubscribed: 1 },
      invitations: { perDay: 200, leftToday: 2 },
    };
    const api = stubApi({ 'POST /badge/whitelist/csv/preview': { data: over } });
    const { dialog } = renderDialog();
    fireEvent.change(within(dialog).getByLabelText('CSV file'), {
      target: { files: [csvFile(FILE_TEXT)] },
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      tooManyInvitationsMessage(3, 2, 200),
    );
    expect(within(dialog).getByText('Unsubscribed', { selector: 'td span' })).toBeTruthy();
    expect(
      within(within(dialog).getByRole('list', { name: 'Row counts' })).getByText('Unsubscribed: 1'),
    ).toBeTruthy();
    const button = within(dialog).getByRole('button', { name: 'Nothing to whitelist' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(button);
    expect(api.callsTo('POST', '/badge/whitelist/csv')).toHaveLength(0);
  });

  it('waits for every transaction of a file queued in several parts before it says done', async () => {
    const ids = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2'];
    const final = new Map<string, TransactionStatus>(
      ids.map((transactionId) => [
        transactionId,
        {
          transactionId,
          status: 'COMPLETED',
          description: 'Whitelist 501 earners',
          failureReason: null,
          events: [],
          transactionHash: `0x${'ab'.repeat(32)}`,
          transactionChainScanUrl: null,
        },
      ]),
    );
    const split = Object.assign(
      (call: StubCall): Answer =>
        call.body?.consentToken
          ? { data: { status: 'QUEUED', transactionId: ids[0], transactionIds: ids, invited: 0 } }
          : {
              data: {
                consentToken: `consent-token-${'x'.repeat(20)}`,
                description: 'Whitelist 501 earners (2 transactions)',
                expiresAt: new Date(Date.now() + 600_000).toISOString(),
              },
            },
      { final },
    );
    const api = stubApi({
      'POST /badge/whitelist/csv/preview': { data: PREVIEW },
      'POST /badge/whitelist/csv': split,
    });
    const { dialog } = renderDialog();
    fireEvent.change(within(dialog).getByLabelText('CSV file'), {
      target: { files: [csvFile(FILE_TEXT)] },
    });
    fireEvent.click(
      await within(dialog).findByRole('button', { name: 'Whitelist 2 earners and invite 1' }),
    );
    const consent = await screen.findByRole('alertdialog', { name: 'Whitelist from CSV' });
    fireEvent.click(within(consent).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('2 earners whitelisted!')).toBeTruthy();
    const asked = api.callsTo('POST', '/metakeep/transaction').map((c) => c.body?.transactionId);
    expect(new Set(asked)).toEqual(new Set(ids));
  });
});

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
    registered: false,
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
      await screen.findByText('Invited', undefined, { timeout: INVITATIONS_REFRESH_MS + 2_000 }),
    ).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, INVITATIONS_REFRESH_MS + 500));
    expect(api.callsTo('GET', '/badge/whitelist/invitations')).toHaveLength(2);
  }, 15_000);

  it('lists pending invitees with how their mail went, and whitelists the registered ones with one more consent', async () => {
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
          invited('new@example.net', { registered: true }),
        ],
      },
      'POST /badge/whitelist/csv/preview': {
        data: {
          hasHeader: false,
          rows: [
            {
              line: 1,
              value: 'new@example.net',
              kind: 'ready',
              reason: CSV.ready,
              account: ADA,
              fullName: 'New',
            },
          ],
          counts: { ready: 1, unknown: 0, duplicate: 0, invalid: 0, unsubscribed: 0 },
          invitations: { perDay: 200, leftToday: 200 },
        },
      },
      'POST /badge/whitelist/csv': chainAction('Whitelist 1 earner for your private badge'),
    });
    renderSection();
    const invitees = await screen.findByRole('list', { name: 'Pending invitees' });
    expect(
      within(invitees)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'late@example.netInvitedWithdraw',
      `slow@example.netSending invitationWithdraw${CSV.deliveryRetrying}`,
      `ada@exmple.netInvitation not deliveredSend againWithdraw${CSV.deliveryRefused}`,
      'new@example.netRegistered, not whitelisted yetWithdraw',
    ]);
    // Only the invitation not delivered can be sent again.
    expect(within(invitees).getAllByRole('button', { name: /^Send again/ })).toHaveLength(1);
    expect(api.callsTo('GET', '/badge/whitelist/invitations')[0]!.query.get('badgeId')).toBe(
      BADGE._id,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Whitelist 1 registered invitee' }));
    const consent = await screen.findByRole('alertdialog', { name: 'Whitelist from CSV' });
    fireEvent.click(within(consent).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Earner whitelisted!')).toBeTruthy();
    expect(api.callsTo('POST', '/badge/whitelist/csv')[1]!.body).toMatchObject({
      csv: 'new@example.net',
      badgeOnChainId: '12',
    });
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
