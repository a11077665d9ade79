// /stake through the real route table: the three cards, Max, Stake disabled
// as the spec says, the waiting texts, and a stake recorded by its chain id.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TOASTS } from '@gets/schema';
import { closeAllStreams } from '@/features/custody';
import { toast } from '@/lib/toast';
import { formatDate } from '@/lib/format';
import { chainAction, stubApi, storeAdminSession, type StubCall } from '@/test/api-stub';
import { describedBy, moneyFactsOf } from '@/test/money-facts';
import { EARNER, renderRoute, storeUserSession } from '@/test/render-route';

afterEach(() => closeAllStreams());

const BALANCES = {
  data: {
    userBalance: '10.5',
    stakingBalance: '2',
    totalStakingBalance: '120.25',
    account: EARNER.account,
    lockPeriod: 30,
  },
};
const HOUR = 3_600_000;

function stakeAnswering(stakeId: string) {
  const action = chainAction('Stake 4 GETS into the Community Treasure');
  return Object.assign((call: StubCall) => {
    const answer = (action as (call: StubCall) => { data?: unknown })(call);
    const data = answer.data as { transactionId?: string };
    if (data.transactionId) {
      action.final.get(data.transactionId)!.events = [
        { eventName: 'Staked', address: '0x1', args: { stakeId, amount: '4000000000000000000' } },
      ];
    }
    return answer;
  }, action);
}

describe('/stake', () => {
  it('shows Total Staked, My Balance and My Staking, and My stakes with their unlock dates', async () => {
    storeUserSession(EARNER);
    stubApi({
      'GET /stake/balance': BALANCES,
      'GET /stake/mine': {
        data: [
          {
            onChainId: '7',
            amount: '2',
            createdAt: new Date(Date.now() - 40 * 24 * HOUR).toISOString(),
            unlockAt: new Date(Date.now() - 10 * 24 * HOUR).toISOString(),
            withdrawnAt: null,
          },
          {
            onChainId: '8',
            amount: '1',
            createdAt: new Date().toISOString(),
            unlockAt: new Date(Date.now() + 30 * 24 * HOUR).toISOString(),
            withdrawnAt: null,
          },
        ],
      },
    });
    renderRoute('/stake');
    expect(await screen.findByRole('heading', { name: 'Community Treasure' })).toBeTruthy();
    await screen.findByText('120.25');
    for (const [label, value] of [
      ['Total Staked', '120.25'],
      ['My Balance', '10.5'],
      ['My Staking', '2'],
    ] as const) {
      expect(screen.getByText(label).parentElement?.textContent).toBe(`${label}${value} GETS`);
    }
    const list = screen.getByRole('region', { name: 'My stakes' });
    expect(
      within(list).getByRole<HTMLButtonElement>('button', { name: 'Unstake stake #07' }).disabled,
    ).toBe(false);
    expect(
      within(list).getByRole<HTMLButtonElement>('button', { name: 'Unstake stake #08' }).disabled,
    ).toBe(true);
    expect(within(list).getByText(/^Locked until /)).toBeTruthy();
    expect(within(list).getByText(/^Unlocked since /)).toBeTruthy();
    // The locked stake's disabled Unstake says why: its unlock date.
    expect(describedBy(within(list).getByRole('button', { name: 'Unstake stake #08' }))).toMatch(
      /^Locked until /,
    );
    expect(
      within(list)
        .getByRole('button', { name: 'Unstake stake #07' })
        .getAttribute('aria-describedby'),
    ).toBeNull();
  });

  it('shows the lock period and the date a stake made now unlocks, and the money facts before the consent', async () => {
    storeUserSession(EARNER);
    stubApi({
      'GET /stake/balance': {
        data: { ...BALANCES.data, userBalance: '12345.5', totalStakingBalance: '1234567' },
      },
      'GET /stake/mine': { data: [] },
    });
    renderRoute('/stake');
    // Thousands separators on the cards.
    await screen.findByText('1,234,567');
    expect(screen.getByText('My Balance').parentElement?.textContent).toBe(
      'My Balance12,345.5 GETS',
    );
    const lock = screen.getByText(/^Lock period: 30 days\./).parentElement!;
    expect(lock.textContent).toContain(
      `A stake made now unlocks on ${formatDate(Date.now() + 30 * 24 * HOUR)}.`,
    );
    expect(moneyFactsOf('What staking does to your wallet')).toEqual({
      'Your balance': '12,345.5 GETS',
      'Amount to stake': '– GETS',
      'Fee (the platform pays the network fee)': '0 GETS',
      'Total leaving your wallet': '– GETS',
      'Your balance after': '– GETS',
    });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '2345.25' } });
    expect(moneyFactsOf('What staking does to your wallet')).toEqual({
      'Your balance': '12,345.5 GETS',
      'Amount to stake': '2,345.25 GETS',
      'Fee (the platform pays the network fee)': '0 GETS',
      'Total leaving your wallet': '2,345.25 GETS',
      'Your balance after': '10,000.25 GETS',
    });
  });

  it('says why Stake is disabled, in a hint tied to the button', async () => {
    storeUserSession(EARNER);
    stubApi({ 'GET /stake/balance': BALANCES, 'GET /stake/mine': { data: [] } });
    renderRoute('/stake');
    await screen.findByText('120.25');
    const stake = screen.getByRole<HTMLButtonElement>('button', { name: 'Stake' });
    expect(stake.disabled).toBe(true);
    expect(describedBy(stake)).toBe('Enter an amount first.');
    expect(screen.getByText('Enter an amount first.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '0' } });
    expect(describedBy(stake)).toBe('Amount must be greater than 0.');
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '10.51' } });
    expect(describedBy(stake)).toBe('Tokens cannot exceed your available balance.');
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '10.5' } });
    expect(stake.disabled).toBe(false);
    expect(stake.getAttribute('aria-describedby')).toBeNull();
  });

  it('disables Stake for an empty, zero or above-balance amount; Max fills the balance', async () => {
    storeUserSession(EARNER);
    stubApi({ 'GET /stake/balance': BALANCES, 'GET /stake/mine': { data: [] } });
    renderRoute('/stake');
    await screen.findByText('120.25');
    const amount = screen.getByLabelText<HTMLInputElement>('Amount');
    const stake = screen.getByRole<HTMLButtonElement>('button', { name: 'Stake' });
    expect(amount.step).toBe('0.01');
    expect(amount.min).toBe('0');
    expect(stake.disabled).toBe(true);
    fireEvent.change(amount, { target: { value: '0' } });
    expect(stake.disabled).toBe(true);
    fireEvent.change(amount, { target: { value: '10.51' } });
    expect(stake.disabled).toBe(true);
    fireEvent.change(amount, { target: { value: '10.5' } });
    expect(stake.disabled).toBe(false);
    fireEvent.change(amount, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(amount.value).toBe('10.5');
    expect(stake.disabled).toBe(false);
  });

  it('stakes through one consent: "Waiting for approval...", "Stake amount approved!", "Waiting for staking...", then the record by stake id', async () => {
    storeUserSession(EARNER);
    const success = vi.spyOn(toast, 'success');
    const api = stubApi({
      'GET /stake/balance': BALANCES,
      'GET /stake/mine': { data: [] },
      'POST /stake/metakeep': stakeAnswering('12'),
      'POST /stake': { message: 'Staked successfully', data: {} },
    });
    renderRoute('/stake');
    await screen.findByText('120.25');
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Stake' }));
    expect(await screen.findByText('Waiting for approval...')).toBeTruthy();
    const consent = await screen.findByRole('alertdialog');
    expect(consent.textContent).toContain('Stake 4 GETS into the Community Treasure');
    fireEvent.click(within(consent).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(TOASTS.success.stakeApproved));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Staked successfully!', undefined));
    expect(api.callsTo('POST', '/stake/metakeep')[0]?.body).toEqual({
      email: EARNER.email,
      amount: '4',
    });
    expect(api.callsTo('POST', '/stake')[0]?.body).toEqual({
      userId: EARNER._id,
      amount: '4',
      onChainId: '12',
    });
    await waitFor(() => expect(screen.queryByText('Waiting for staking...')).toBeNull());
  });

  it('sends a visitor to log in, and an admin to the treasury screen', async () => {
    stubApi({});
    renderRoute('/stake');
    expect(await screen.findByRole('link', { name: 'Log in to stake' })).toBeTruthy();
    storeAdminSession();
    stubApi({ 'GET /admin/sponsors/unapproved': { data: [] } });
    const { router } = renderRoute('/stake');
    await waitFor(() => expect(router.state.location.search).toBe('?menu=community'));
  });
});
