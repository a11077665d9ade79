// The Give Tokens dialog: the spec's messages, Send disabled as the spec
// says, Cancel clears, and a transfer through consent with "Tokens transferred!".
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { TOASTS, TRANSFER_MESSAGES, VALIDATION } from '@gets/schema';
import { AppProvider } from '@/app/provider';
import { closeAllStreams } from '@/features/custody';
import { toast } from '@/lib/toast';
import { chainAction, stubApi, storeAdminSession } from '@/test/api-stub';
import { EARNER, storeUserSession } from '@/test/render-route';
import { describedBy, moneyFactsOf } from '@/test/money-facts';
import { GiveTokensDialog } from './give-tokens-dialog';

afterEach(() => closeAllStreams());

const M = VALIDATION.giveTokens;
const TO = `0x${'2'.repeat(40)}`;
const balances = (userBalance: string, account = EARNER.account) => ({
  data: { userBalance, stakingBalance: '0', totalStakingBalance: '0', account },
});

function Harness(props: { from: 'user' | 'admin'; lockedAddress?: string }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <GiveTokensDialog {...props} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

const renderDialog = (props: { from: 'user' | 'admin'; lockedAddress?: string }) =>
  render(
    <AppProvider>
      <Harness {...props} />
    </AppProvider>,
  );
const address = () => screen.getByLabelText<HTMLInputElement>('Wallet address');
const amount = () => screen.getByLabelText<HTMLInputElement>('Token amount');
const send = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Send' });

describe('the Give Tokens dialog', () => {
  it('shows the money facts before the consent and says why Send is disabled', async () => {
    storeUserSession(EARNER);
    stubApi({ 'GET /stake/balance': balances('25000') });
    renderDialog({ from: 'user' });
    expect(await screen.findByText('Available: 25,000 GETS')).toBeTruthy();
    expect(describedBy(send())).toBe('Enter the wallet address to send to.');
    fireEvent.change(address(), { target: { value: TO } });
    expect(describedBy(send())).toBe('Enter the token amount.');
    fireEvent.change(amount(), { target: { value: '25000.5' } });
    expect(describedBy(send())).toBe('Correct the field marked above.');
    fireEvent.change(amount(), { target: { value: '1234.5' } });
    expect(send().disabled).toBe(false);
    expect(send().getAttribute('aria-describedby')).toBeNull();
    expect(moneyFactsOf('What sending does to your wallet')).toEqual({
      'Your balance': '25,000 GETS',
      'Amount to send': '1,234.5 GETS',
      'Fee (the platform pays the network fee)': '0 GETS',
      'Total leaving your wallet': '1,234.5 GETS',
      'Your balance after': '23,765.5 GETS',
    });
  });

  it('has the amount input the spec asks for, and shows the messages of section 5', async () => {
    storeUserSession(EARNER);
    stubApi({ 'GET /stake/balance': balances('10') });
    renderDialog({ from: 'user' });
    expect(amount().step).toBe('0.01');
    expect(amount().min).toBe('0');
    expect(await screen.findByText('Available: 10 GETS')).toBeTruthy();
    expect(send().disabled).toBe(true);

    fireEvent.change(address(), { target: { value: TO } });
    fireEvent.change(address(), { target: { value: '' } });
    expect(await screen.findByText(M.addressRequired)).toBeTruthy();
    fireEvent.change(address(), { target: { value: TO } });

    fireEvent.change(amount(), { target: { value: '-1' } });
    expect(await screen.findByText(M.amountInvalid)).toBeTruthy();
    expect(send().disabled).toBe(true);
    fireEvent.change(amount(), { target: { value: '10.01' } });
    expect(await screen.findByText(M.exceedsBalance)).toBeTruthy();
    expect(send().disabled).toBe(true);
    fireEvent.change(amount(), { target: { value: '0' } });
    await waitFor(() => expect(send().disabled).toBe(false));
    fireEvent.click(send());
    expect(await screen.findByText(M.amountInvalidOnSubmit)).toBeTruthy();
    expect(send().disabled).toBe(true);
  });

  it('Cancel clears and closes', async () => {
    storeUserSession(EARNER);
    stubApi({ 'GET /stake/balance': balances('10') });
    renderDialog({ from: 'user' });
    fireEvent.change(address(), { target: { value: TO } });
    fireEvent.change(amount(), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect((await screen.findByLabelText<HTMLInputElement>('Wallet address')).value).toBe('');
    expect(amount().value).toBe('');
  });

  it('a user sends through consent from their wallet: the spec\'s body, then "Tokens transferred!"', async () => {
    storeUserSession(EARNER);
    const success = vi.spyOn(toast, 'success');
    const api = stubApi({
      'GET /stake/balance': balances('10'),
      'POST /token/transfer-token/metakeep': chainAction('Send 2.5 GETS to 0x2222...2222'),
    });
    renderDialog({ from: 'user' });
    await screen.findByText('Available: 10 GETS');
    fireEvent.change(address(), { target: { value: TO } });
    fireEvent.change(amount(), { target: { value: '2.5' } });
    fireEvent.click(send());
    const consent = await screen.findByRole('alertdialog');
    expect(consent.textContent).toContain('Send 2.5 GETS to 0x2222...2222');
    fireEvent.click(within(consent).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(TOASTS.success.tokensTransferred));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/token/transfer-token/metakeep')[0]?.body).toEqual({
      to: TO,
      amount: '2.5',
      email: EARNER.email,
    });
    // The balance is read again after the transfer.
    await waitFor(() => expect(api.callsTo('GET', '/stake/balance').length).toBeGreaterThan(1));
  });

  it("shows the server's refusal of a contract address under the address field until the address changes", async () => {
    storeUserSession(EARNER);
    const contract = `0x${'c'.repeat(40)}`;
    const generic = vi.spyOn(toast, 'error');
    const api = stubApi({
      'GET /stake/balance': balances('10'),
      'POST /token/transfer-token/metakeep': {
        status: 400,
        message: TRANSFER_MESSAGES.contractRecipient,
      },
    });
    renderDialog({ from: 'user' });
    await screen.findByText('Available: 10 GETS');
    fireEvent.change(address(), { target: { value: contract } });
    fireEvent.change(amount(), { target: { value: '1' } });
    fireEvent.click(send());
    // Under the field, in the dialog (the toast of the refused consent says it too).
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText(TRANSFER_MESSAGES.contractRecipient)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(send().disabled).toBe(true);
    expect(generic).not.toHaveBeenCalledWith(TOASTS.error.generic);
    expect(api.callsTo('POST', '/token/transfer-token/metakeep')).toHaveLength(1);

    fireEvent.change(address(), { target: { value: TO } });
    expect(within(dialog).queryByText(TRANSFER_MESSAGES.contractRecipient)).toBeNull();
    await waitFor(() => expect(send().disabled).toBe(false));
  });

  it("an admin sends from the admin's wallet to a locked address, checked against the admin's balance", async () => {
    storeAdminSession();
    const admin = '0x9999999999999999999999999999999999999999';
    const api = stubApi({
      'GET /stake/balance/admin': balances('5', admin),
      'POST /token/transfer-token': chainAction('Send 5 GETS'),
    });
    renderDialog({ from: 'admin', lockedAddress: TO });
    expect(address().value).toBe(TO);
    expect(address().readOnly).toBe(true);
    await screen.findByText('Available: 5 GETS');
    fireEvent.change(amount(), { target: { value: '5.5' } });
    expect(await screen.findByText(M.exceedsBalance)).toBeTruthy();
    fireEvent.change(amount(), { target: { value: '5' } });
    fireEvent.click(send());
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() => expect(api.callsTo('POST', '/token/transfer-token')).toHaveLength(2));
    expect(api.callsTo('POST', '/token/transfer-token')[0]?.body).toEqual({
      from: admin,
      to: TO,
      amount: '5',
    });
  });
});
