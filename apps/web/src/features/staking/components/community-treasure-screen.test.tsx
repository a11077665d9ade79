// The admin's Community treasure screen: totals from the chain, the lock
// period with its tooltip, the admin's wallet, withdraw (only what the pool
// holds, then the spec's record call) and re-deposit, and the stake table.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TOTAL_COUNT_HEADER, type StakeListing } from '@gets/schema';
import { closeAllStreams } from '@/features/custody';
import { toast } from '@/lib/toast';
import { chainAction, stubApi, storeAdminSession } from '@/test/api-stub';
import { renderRoute } from '@/test/render-route';
import { describedBy, moneyFactsOf } from '@/test/money-facts';

afterEach(() => closeAllStreams());

const ADMIN = '0x9999999999999999999999999999999999999999';
const listing = (n: number): StakeListing => ({
  onChainId: String(n),
  stakedAmount: `${n}.5`,
  createdAt: '2025-01-05T12:00:00.000Z',
  unlockAt: '2025-02-04T12:00:00.000Z',
  userId: {
    _id: `u${n}`,
    profilePic: null,
    userName: `staker${n}`,
    fullName: `Staker ${n}`,
    account: `0x${String(n).padStart(4, '0')}${'a'.repeat(36)}`,
  },
});

function stubTreasury(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /admin/sponsors/unapproved': { data: [] },
    'GET /stake/treasury': {
      data: { totalStaked: '250.5', treasuryBalance: '40', lockPeriod: 30, treasureAddress: ADMIN },
    },
    'GET /stake/balance/admin': {
      data: {
        userBalance: '1000',
        stakingBalance: '0',
        totalStakingBalance: '250.5',
        account: ADMIN,
        lockPeriod: 30,
      },
    },
    'GET /stake': (call) => {
      const page = Number(call.query.get('page'));
      const items = Array.from({ length: 12 }, (_, i) => listing(12 - i));
      return {
        data: items.slice((page - 1) * 10, page * 10),
        headers: { [TOTAL_COUNT_HEADER]: '12' },
      };
    },
    ...extra,
  });
}

describe('Community treasure (admin)', () => {
  it('shows total staked, the lock period with its tooltip and Settings shortcut, and the wallet shortened', async () => {
    storeAdminSession();
    stubTreasury();
    renderRoute('/dashboard?menu=community');
    expect(await screen.findByRole('heading', { name: 'Community treasure' })).toBeTruthy();
    expect(screen.getByText('Total staked').parentElement?.textContent).toBe(
      'Total staked250.5 GETS',
    );
    expect(screen.getByRole('tooltip').textContent).toMatch(/days a new stake stays locked/);
    expect(screen.getByRole('button', { name: 'About the lock period' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change in Settings' }).getAttribute('href')).toBe(
      '/dashboard?menu=settings',
    );
    expect(await screen.findByText('0x9999...9999')).toBeTruthy();
  });

  it('lists the open stakes a page at a time: user, wallet, stake id with 2 digits, amount, long date', async () => {
    storeAdminSession();
    const api = stubTreasury();
    renderRoute('/dashboard?menu=community');
    const table = await screen.findByRole('table');
    await within(table).findByText('Staker 12');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(11);
    const cells = within(rows[1]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[0]).toContain('Staker 12@staker12');
    expect(cells.slice(1)).toEqual(['0x0012...aaaa', '12', '12.5 GETS', 'January 5, 2025']);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByText('01')).toBeTruthy();
    expect(api.callsTo('GET', '/stake').map((call) => call.query.get('page'))).toEqual(['1', '2']);
  });

  it('Withdraw: above what the treasury holds it just closes; a valid amount goes on chain, then the record', async () => {
    storeAdminSession();
    const success = vi.spyOn(toast, 'success');
    const api = stubTreasury({
      'POST /stake/withdraw/metakeep/admin': chainAction(
        'Withdraw 25 GETS from the Community Treasure',
      ),
      'POST /stake/withdraw/admin': { message: 'Withdrawn 25 GETS from the Community Treasure' },
    });
    renderRoute('/dashboard?menu=community');
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    let dialog = await screen.findByRole('dialog', { name: 'Enter the amount to be withdrawn' });
    const input = within(dialog).getByLabelText<HTMLInputElement>('Amount to withdraw');
    expect(input.min).toBe('0');
    fireEvent.change(input, { target: { value: '40.01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/stake/withdraw/metakeep/admin')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    dialog = await screen.findByRole('dialog', { name: 'Enter the amount to be withdrawn' });
    fireEvent.change(within(dialog).getByLabelText('Amount to withdraw'), {
      target: { value: '25' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        'Withdrawn 25 GETS from the Community Treasure!',
        undefined,
      ),
    );
    expect(api.callsTo('POST', '/stake/withdraw/admin')[0]?.body).toEqual({
      userId: 'a1',
      amount: '25',
    });
  });

  it('Withdraw is limited by the total staked (the spec), not by the pool, and shows the money facts first', async () => {
    storeAdminSession();
    const api = stubTreasury({
      'GET /stake/treasury': {
        data: {
          totalStaked: '30',
          treasuryBalance: '1000',
          lockPeriod: 30,
          treasureAddress: ADMIN,
        },
      },
      'POST /stake/withdraw/metakeep/admin': chainAction('Withdraw 30 GETS'),
      'POST /stake/withdraw/admin': { message: 'Withdrawn 30 GETS from the Community Treasure' },
    });
    renderRoute('/dashboard?menu=community');
    const panel = await screen.findByRole('region', { name: 'Withdraw' });
    expect(panel.textContent).toContain('The treasury holds 1,000 GETS besides the stakes');
    expect(panel.textContent).toContain('up to 30 GETS now');
    fireEvent.click(within(panel).getByRole('button', { name: 'Withdraw' }));
    let dialog = await screen.findByRole('dialog', { name: 'Enter the amount to be withdrawn' });
    const input = within(dialog).getByLabelText('Amount to withdraw');
    expect(describedBy(input)).toBe('At most 30 GETS (the total staked)');
    fireEvent.change(input, { target: { value: '30.5' } });
    await screen.findByText('0x9999...9999');
    expect(moneyFactsOf('What withdrawing does to your wallet', dialog)).toEqual({
      'Your wallet': '1,000 GETS',
      'Amount to withdraw': '30.5 GETS',
      'Fee (the platform pays the network fee)': '0 GETS',
      'Total coming to your wallet': '30.5 GETS',
      'Your wallet after': '1,030.5 GETS',
    });
    // Above the total staked it just closes, although the pool holds more.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/stake/withdraw/metakeep/admin')).toHaveLength(0);

    fireEvent.click(within(panel).getByRole('button', { name: 'Withdraw' }));
    dialog = await screen.findByRole('dialog', { name: 'Enter the amount to be withdrawn' });
    fireEvent.change(within(dialog).getByLabelText('Amount to withdraw'), {
      target: { value: '30' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() => expect(api.callsTo('POST', '/stake/withdraw/admin')).toHaveLength(1));
    expect(api.callsTo('POST', '/stake/withdraw/metakeep/admin')[0]?.body).toEqual({
      amount: '30',
    });
  });

  it('Re-deposit shows the money facts and says why it is disabled', async () => {
    storeAdminSession();
    stubTreasury();
    renderRoute('/dashboard?menu=community');
    const panel = await screen.findByRole('form', { name: 'Re-deposit' });
    const submit = within(panel).getByRole<HTMLButtonElement>('button', { name: 'Re-deposit' });
    await screen.findByText('0x9999...9999');
    expect(describedBy(submit)).toBe('Enter an amount first.');
    fireEvent.change(within(panel).getByLabelText('Re-deposit amount'), {
      target: { value: '1000.5' },
    });
    expect(describedBy(submit)).toBe('Tokens cannot exceed your available balance.');
    expect(moneyFactsOf('What re-depositing does to your wallet', panel)).toMatchObject({
      'Your balance': '1,000 GETS',
      'Total leaving your wallet': '1,000.5 GETS',
      'Your wallet after': '-0.5 GETS',
    });
    fireEvent.change(within(panel).getByLabelText('Re-deposit amount'), {
      target: { value: '250' },
    });
    expect(submit.disabled).toBe(false);
    expect(submit.getAttribute('aria-describedby')).toBeNull();
    expect(moneyFactsOf('What re-depositing does to your wallet', panel)).toMatchObject({
      'Your wallet after': '750 GETS',
    });
  });

  it('Re-deposit: not above the admin wallet, through consent', async () => {
    storeAdminSession();
    const api = stubTreasury({
      'POST /stake/deposit/metakeep/admin': chainAction('Re-deposit 100 GETS'),
    });
    renderRoute('/dashboard?menu=community');
    const panel = await screen.findByRole('form', { name: 'Re-deposit' });
    const submit = within(panel).getByRole<HTMLButtonElement>('button', { name: 'Re-deposit' });
    await screen.findByText('0x9999...9999');
    fireEvent.change(within(panel).getByLabelText('Re-deposit amount'), {
      target: { value: '1000.5' },
    });
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(panel).getByLabelText('Re-deposit amount'), {
      target: { value: '100' },
    });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() =>
      expect(api.callsTo('POST', '/stake/deposit/metakeep/admin')).toHaveLength(2),
    );
    expect(api.callsTo('POST', '/stake/deposit/metakeep/admin')[0]?.body).toEqual({
      amount: '100',
    });
  });
});
