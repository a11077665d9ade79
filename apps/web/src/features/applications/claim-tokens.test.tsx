// Claim Tokens in the details modal, from the click to the application read anew: the claim's
// own answer says it is claimed, so the old state never offers Claim Tokens again meanwhile;
// and before the application is known at all, neither Apply nor Claim Tokens shows.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderRoute, storeUserSession } from '@/test/render-route';
import { closeAllStreams } from '@/features/custody';
import { ME, application, badge, confirmConsent, stubApi } from '@/test/application-screens';

afterEach(() => {
  closeAllStreams();
});

describe('Claim Tokens in the details modal', () => {
  it('never offers Claim Tokens again between the claim and the application read anew', async () => {
    const approved = application({
      status: 'APPROVED',
      claimDeadline: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    });
    storeUserSession(ME);
    let claimed = false;
    stubApi(
      (call) => {
        if (call.path === '/badge/list/recent')
          return { data: { badges: [badge()], total: 1, nextCursor: null } };
        if (call.path.startsWith('/badge/applicationlist/'))
          return {
            data: {
              eligible: false,
              application: claimed ? { ...approved, status: 'TOKEN_CLAIMED' } : approved,
            },
          };
        if (call.path === '/credentials/mine') return { data: [] };
        if (call.path === '/badge/claim/earner') {
          claimed = true;
          return { data: { ...approved, status: 'TOKEN_CLAIMED' }, message: 'Claimed' };
        }
        return undefined;
      },
      {
        '/user/metakeep/claimBadge': {
          events: [{ eventName: 'BadgeClaimed', address: '0x1', args: { requestId: '7' } }],
        },
      },
    );
    renderRoute('/search');
    fireEvent.click(await screen.findByRole('button', { name: /Engine Programmer/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Engine Programmer' });
    const claim = await within(dialog).findByRole<HTMLButtonElement>('button', {
      name: 'Claim Tokens',
    });
    // Every state the modal is drawn in from the click on: Claim Tokens enabled is a flash.
    let flashed = false;
    const observer = new MutationObserver(() => {
      const buttons = [...dialog.querySelectorAll('button')];
      if (buttons.some((b) => b.textContent === 'Claim Tokens' && !b.disabled)) flashed = true;
    });
    fireEvent.click(claim);
    observer.observe(dialog, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    await confirmConsent('Claim badge and tokens');
    expect(
      (await within(dialog).findByRole<HTMLButtonElement>('button', { name: 'Tokens Claimed' }))
        .disabled,
    ).toBe(true);
    observer.disconnect();
    expect(flashed).toBe(false);
  });
  it('shows "Checking your application..." and neither Apply nor Claim Tokens until the application is known', async () => {
    storeUserSession(ME);
    let answerApplication = () => {};
    const known = new Promise<void>((resolve) => {
      answerApplication = resolve;
    });
    stubApi(async (call) => {
      if (call.path === '/badge/list/recent')
        return { data: { badges: [badge()], total: 1, nextCursor: null } };
      if (call.path.startsWith('/badge/applicationlist/')) {
        await known;
        return { data: { eligible: true, application: null } };
      }
      if (call.path === '/credentials/mine') return { data: [] };
      return undefined;
    });
    renderRoute('/search');
    fireEvent.click(await screen.findByRole('button', { name: /Engine Programmer/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Engine Programmer' });
    expect(await within(dialog).findByText('Checking your application...')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Apply' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Claim Tokens' })).toBeNull();

    answerApplication();
    expect(await within(dialog).findByRole('button', { name: 'Apply' })).toBeTruthy();
    expect(within(dialog).queryByText('Checking your application...')).toBeNull();
  });
});
