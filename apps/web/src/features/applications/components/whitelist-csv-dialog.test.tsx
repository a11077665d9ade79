// The "Whitelist from CSV" dialog with the real providers and consent dialog,
// the API stubbed: a chosen or dropped file is previewed by the server, the
// table shows each row's kind and the counts, the dialog says what confirming
// does (wallets whitelisted, emails invited to accept first), Confirm names
// how many wallets and emails and goes through exactly one consent; a refused
// file says why, and so does a file with more emails to invite than are left
// today (no Confirm then). The section of invitees: whitelist-csv-section.test.tsx.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  tooManyInvitationsMessage,
  WHITELIST_CSV_MESSAGES as CSV,
  type WhitelistCsvPreview,
} from '@gets/schema';
import { AppProvider } from '@/app/provider';
import { closeAllStreams } from '@/features/custody';
import { sampleBadge } from '@/test/fixtures';
import { chainAction, stubApi, type Answer, type StubCall } from '@/test/api-stub';
import type { TransactionStatus } from '@gets/schema';
import { storeUserSession, VERIFIED_SPONSOR } from '@/test/render-route';
import { WhitelistCsvDialog } from './whitelist-csv-dialog';

afterEach(() => closeAllStreams());

const BADGE = sampleBadge({ name: 'Invitation Only', isPublic: false, onChainId: '12' });
const ADA = '0x1111111111111111111111111111111111111111';
const FILE_TEXT = `email\nada@example.com\nnew@example.net\nada@example.com\nnope\n${ADA}`;

const PREVIEW: WhitelistCsvPreview = {
  hasHeader: true,
  rows: [
    { line: 2, value: 'ada@example.com', kind: 'invite', reason: CSV.invite },
    { line: 3, value: 'new@example.net', kind: 'invite', reason: CSV.invite },
    { line: 4, value: 'ada@example.com', kind: 'duplicate', reason: CSV.duplicateInFile },
    { line: 5, value: 'nope', kind: 'invalid', reason: CSV.notEmailOrAddress },
    { line: 6, value: ADA, kind: 'ready', reason: CSV.ready },
  ],
  counts: { ready: 1, invite: 2, duplicate: 1, invalid: 1, unsubscribed: 0 },
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
  it('previews a chosen file, says what happens, and whitelists the wallets in one consent', async () => {
    const api = stubApi({
      'POST /badge/whitelist/csv/preview': { data: PREVIEW },
      'POST /badge/whitelist/csv': chainAction('Whitelist 1 earner for your private badge'),
    });
    const { dialog, onClose } = renderDialog();

    fireEvent.change(within(dialog).getByLabelText('CSV file'), {
      target: { files: [csvFile(FILE_TEXT)] },
    });

    const table = await within(dialog).findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]!.textContent)).toEqual([
      'Invitation',
      'Invitation',
      'Duplicate',
      'Invalid',
      'Wallet to whitelist',
    ]);
    expect(within(rows[1]!).getByText(CSV.invite)).toBeTruthy();
    const counts = within(dialog).getByRole('list', { name: 'Row counts' });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Wallet to whitelist: 1',
      'Invitation: 2',
      'Duplicate: 1',
      'Invalid: 1',
      'Unsubscribed: 0',
    ]);
    expect(within(dialog).getByRole('group', { name: 'What happens' }).textContent).toBe(
      "1 wallet of earners goes on this badge's whitelist once you consent." +
        '2 emails get an invitation. Each person accepts it on the platform (registering first if they have no account), and only then can you whitelist them. You will not see who has an account.',
    );
    expect(
      within(dialog).getByText('You can send 37 more invitations today (at most 200 a day).'),
    ).toBeTruthy();
    expect(api.callsTo('POST', '/badge/whitelist/csv/preview')[0]!.body).toEqual({
      badgeOnChainId: '12',
      csv: FILE_TEXT,
    });

    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Whitelist 1 wallet and invite 2 emails' }),
    );
    const consent = await screen.findByRole('alertdialog', { name: 'Whitelist from CSV' });
    expect(within(consent).getByText('Whitelist 1 earner for your private badge')).toBeTruthy();
    fireEvent.click(within(consent).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Earner whitelisted!')).toBeTruthy();
    expect(await screen.findByText('Invitations sent!')).toBeTruthy();
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
        },
      ],
      counts: { ...PREVIEW.counts, invite: 3, unsubscribed: 1 },
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
      await within(dialog).findByRole('button', { name: 'Whitelist 1 wallet and invite 2 emails' }),
    );
    const consent = await screen.findByRole('alertdialog', { name: 'Whitelist from CSV' });
    fireEvent.click(within(consent).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Earner whitelisted!')).toBeTruthy();
    const asked = api.callsTo('POST', '/metakeep/transaction').map((c) => c.body?.transactionId);
    expect(new Set(asked)).toEqual(new Set(ids));
  });
});
