// Settings through the real route table: the periods read from the chain,
// Save Changes only when a value differs, each changed period its own chain
// call in the spec's order, then PUT /admin/settings; and "Add more admins".
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_TEXTS, TOASTS } from '@gets/schema';
import { closeAllStreams } from '@/features/custody';
import { toast } from '@/lib/toast';
import { chainAction, stubApi, storeAdminSession, type Handler } from '@/test/api-stub';
import { renderRoute } from '@/test/render-route';

afterEach(() => closeAllStreams());

const PERIODS = { claimPeriod: 10, approvalPeriod: 10, lockPeriod: 30 };
const ADMINS = [
  {
    _id: 'a1',
    email: 'root@example.com',
    account: '0x9999999999999999999999999999999999999999',
    status: 'ACTIVE',
    fromUserWallet: false,
    canSignIn: true,
    addedAt: '2025-03-04T10:00:00.000Z',
  },
  {
    _id: 'a2',
    email: 'second@example.org',
    account: '0x8888888888888888888888888888888888888888',
    status: 'ACTIVE',
    fromUserWallet: false,
    canSignIn: false,
    addedAt: '2025-03-05T10:00:00.000Z',
  },
];

function stubSettings(routes: Record<string, Handler> = {}) {
  return stubApi({
    'GET /admin/sponsors/unapproved': { data: [] },
    'GET /admin/settings': { data: PERIODS },
    'GET /admin/admins': { data: ADMINS },
    'PUT /admin/metakeep/claim-period': chainAction('Set the claim period to 12 days'),
    'PUT /admin/metakeep/approval-period': chainAction('Set the approval period'),
    'PUT /admin/metakeep/lock-period': chainAction('Set the lock period to 45 days'),
    'PUT /admin/settings': { message: 'Settings updated successfully', data: PERIODS },
    ...routes,
  });
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

async function confirmConsent(text: string) {
  await waitFor(() => expect(screen.getByRole('alertdialog').textContent).toContain(text));
  const dialog = screen.getByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  // The next consent may reuse the dialog at once: wait for this one's words to go.
  await waitFor(() =>
    expect(screen.queryByRole('alertdialog')?.textContent ?? '').not.toContain(text),
  );
}

describe('Cool down periods', () => {
  it('shows the periods with the spec hints, and Save Changes only when a value differs', async () => {
    storeAdminSession();
    stubSettings();
    renderRoute('/dashboard?menu=settings');
    await waitFor(() => expect(input(ADMIN_TEXTS.claimPeriodLabel).value).toBe('10'));
    expect(input(ADMIN_TEXTS.approvalPeriodLabel).value).toBe('10');
    expect(input(ADMIN_TEXTS.lockPeriodLabel).value).toBe('30');
    for (const hint of [
      ADMIN_TEXTS.claimPeriodHint,
      ADMIN_TEXTS.approvalPeriodHint,
      ADMIN_TEXTS.lockPeriodHint,
    ]) {
      expect(screen.getByText(hint)).toBeTruthy();
    }
    expect(screen.queryByRole('button', { name: ADMIN_TEXTS.saveChanges })).toBeNull();
    fireEvent.change(input(ADMIN_TEXTS.claimPeriodLabel), { target: { value: '12' } });
    expect(await screen.findByRole('button', { name: ADMIN_TEXTS.saveChanges })).toBeTruthy();
    fireEvent.change(input(ADMIN_TEXTS.claimPeriodLabel), { target: { value: '10' } });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: ADMIN_TEXTS.saveChanges })).toBeNull(),
    );
  });

  it('saves claim then lock (only what changed), each through consent, then PUT /admin/settings', async () => {
    storeAdminSession();
    const success = vi.spyOn(toast, 'success');
    const api = stubSettings();
    renderRoute('/dashboard?menu=settings');
    await waitFor(() => expect(input(ADMIN_TEXTS.claimPeriodLabel).value).toBe('10'));
    fireEvent.change(input(ADMIN_TEXTS.lockPeriodLabel), { target: { value: '45' } });
    fireEvent.change(input(ADMIN_TEXTS.claimPeriodLabel), { target: { value: '12' } });
    fireEvent.click(await screen.findByRole('button', { name: ADMIN_TEXTS.saveChanges }));
    await confirmConsent('Set the claim period to 12 days');
    await confirmConsent('Set the lock period to 45 days');
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Settings updated successfully!', undefined),
    );
    const order = api.calls
      .filter((call) => call.method === 'PUT' && call.body?.consentToken !== undefined)
      .map((call) => `${call.path} ${JSON.stringify(call.body?.days)}`);
    expect(order).toEqual(['/admin/metakeep/claim-period 12', '/admin/metakeep/lock-period 45']);
    expect(api.callsTo('PUT', '/admin/metakeep/approval-period')).toHaveLength(0);
    expect(api.callsTo('PUT', '/admin/settings')[0]?.body).toEqual({
      claimPeriod: 12,
      lockPeriod: 45,
    });
  });

  it('a failed period stops the save with its own toast', async () => {
    storeAdminSession();
    const error = vi.spyOn(toast, 'error');
    const api = stubSettings({
      'PUT /admin/metakeep/approval-period': chainAction('Set the approval period', 'FAILED'),
    });
    renderRoute('/dashboard?menu=settings');
    await waitFor(() => expect(input(ADMIN_TEXTS.approvalPeriodLabel).value).toBe('10'));
    fireEvent.change(input(ADMIN_TEXTS.approvalPeriodLabel), { target: { value: '3' } });
    fireEvent.change(input(ADMIN_TEXTS.lockPeriodLabel), { target: { value: '40' } });
    fireEvent.click(await screen.findByRole('button', { name: ADMIN_TEXTS.saveChanges }));
    await confirmConsent('Set the approval period');
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(TOASTS.error.updatingApprovalPeriodFailed),
    );
    expect(api.callsTo('PUT', '/admin/metakeep/lock-period')).toHaveLength(0);
    expect(api.callsTo('PUT', '/admin/settings')).toHaveLength(0);
  });

  it('a period that failed after another changed still records the changed one', async () => {
    storeAdminSession();
    const error = vi.spyOn(toast, 'error');
    const success = vi.spyOn(toast, 'success');
    const api = stubSettings({
      'PUT /admin/metakeep/approval-period': chainAction('Set the approval period', 'FAILED'),
    });
    renderRoute('/dashboard?menu=settings');
    await waitFor(() => expect(input(ADMIN_TEXTS.claimPeriodLabel).value).toBe('10'));
    fireEvent.change(input(ADMIN_TEXTS.claimPeriodLabel), { target: { value: '12' } });
    fireEvent.change(input(ADMIN_TEXTS.approvalPeriodLabel), { target: { value: '3' } });
    fireEvent.click(await screen.findByRole('button', { name: ADMIN_TEXTS.saveChanges }));
    await confirmConsent('Set the claim period to 12 days');
    await confirmConsent('Set the approval period');
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(TOASTS.error.updatingApprovalPeriodFailed),
    );
    await waitFor(() =>
      expect(api.callsTo('PUT', '/admin/settings')[0]?.body).toEqual({ claimPeriod: 12 }),
    );
    expect(success).not.toHaveBeenCalledWith('Settings updated successfully!', undefined);
  });

  it('"Updating settings failed!" when the record is refused', async () => {
    storeAdminSession();
    const error = vi.spyOn(toast, 'error');
    stubSettings({ 'PUT /admin/settings': { status: 409, message: 'not on chain' } });
    renderRoute('/dashboard?menu=settings');
    await waitFor(() => expect(input(ADMIN_TEXTS.claimPeriodLabel).value).toBe('10'));
    fireEvent.change(input(ADMIN_TEXTS.claimPeriodLabel), { target: { value: '11' } });
    fireEvent.click(await screen.findByRole('button', { name: ADMIN_TEXTS.saveChanges }));
    await confirmConsent('Set the claim period');
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(TOASTS.error.updatingSettingsFailed, {
        description: 'not on chain',
      }),
    );
  });

  it('refuses a period that is not a whole number from 1 to 3650', async () => {
    storeAdminSession();
    stubSettings();
    renderRoute('/dashboard?menu=settings');
    await waitFor(() => expect(input(ADMIN_TEXTS.claimPeriodLabel).value).toBe('10'));
    fireEvent.change(input(ADMIN_TEXTS.claimPeriodLabel), { target: { value: '0' } });
    expect(await screen.findByText('days must be a whole number from 1 to 3650')).toBeTruthy();
  });
});

describe('Add more admins', () => {
  it('opens from the header shortcut, lists the Managers with the date added, and adds by email through consent', async () => {
    storeAdminSession();
    const success = vi.spyOn(toast, 'success');
    const api = stubSettings({
      'POST /admin/admins': chainAction('Make 0x7777...7777 an administrator of the platform'),
    });
    renderRoute('/dashboard');
    fireEvent.click(await screen.findByRole('link', { name: ADMIN_TEXTS.addMoreAdmin }));
    expect(
      (await screen.findByRole('tab', { name: ADMIN_TEXTS.addAdminsTab })).getAttribute(
        'aria-selected',
      ),
    ).toBe('true');
    const managers = await screen.findByRole('region', { name: ADMIN_TEXTS.managers });
    expect(await within(managers).findByText(/root@example\.com/)).toBeTruthy();
    expect(
      within(managers).getByText(/Added March 5, 2025 · 0x8888\.\.\.8888 · Invitation sent/),
    ).toBeTruthy();
    // Never oneself: only the other admin has Remove.
    expect(within(managers).getAllByRole('button', { name: /^Remove / })).toHaveLength(1);

    const field = screen.getByLabelText('Email or wallet address');
    fireEvent.change(field, { target: { value: 'not an address' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN_TEXTS.proceed }));
    expect(await screen.findByText('Please enter a valid email or wallet address')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'new.admin@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN_TEXTS.proceed }));
    await confirmConsent('Make 0x7777...7777 an administrator');
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        'Admin added! An invitation was mailed to new.admin@example.org.',
      ),
    );
    expect(api.callsTo('POST', '/admin/admins').map((call) => call.body)).toEqual([
      { emailOrAddress: 'new.admin@example.org' },
      { emailOrAddress: 'new.admin@example.org', consentToken: expect.any(String) },
    ]);
  });

  it('removes another admin through consent', async () => {
    storeAdminSession();
    const api = stubSettings({
      'DELETE /admin/admins/a2': chainAction('Remove 0x8888...8888 as an administrator'),
    });
    renderRoute('/dashboard?menu=settings&tab=admins');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove second@example.org' }));
    await confirmConsent('Remove 0x8888...8888 as an administrator');
    await waitFor(() => expect(api.callsTo('DELETE', '/admin/admins/a2')).toHaveLength(2));
  });
});
