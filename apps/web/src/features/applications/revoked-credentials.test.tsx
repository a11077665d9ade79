// A revoked credential on the earner's screens (My Badges on the dashboard,
// the badge page): "Revoked" with the date and the reason, and no Download or
// Share to LinkedIn; the one still standing keeps its actions.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { EarnerCredential } from '@gets/schema';
import { renderRoute, storeUserSession } from '@/test/render-route';
import { closeAllStreams } from '@/features/custody';
import { formatDate } from '@/lib/format';
import { activeEarnerCredential } from '@/features/credentials/components/earner-credential.fixture';
import { ME, application, badge, balances, stubApi, withBadge } from '@/test/application-screens';
import { REVOKED_NOTE } from './components/held-credential';

afterEach(() => {
  closeAllStreams();
});

const REVOKED_AT = '2025-04-02T09:30:00.000Z';
const kept = withBadge(
  application({ _id: 'a-kept', status: 'TOKEN_CLAIMED' }),
  badge({ _id: 'b-kept', name: 'Kept Badge' }),
);
const lost = withBadge(
  application({ _id: 'a-lost', status: 'TOKEN_CLAIMED' }),
  badge({ _id: 'b-lost', name: 'Lost Badge', status: 'BANNED' }),
);
const credentials: EarnerCredential[] = [
  { ...activeEarnerCredential, id: 'c-kept', awardId: 'a-kept', badgeId: 'b-kept' },
  {
    ...activeEarnerCredential,
    id: 'c-lost',
    awardId: 'a-lost',
    badgeId: 'b-lost',
    badgeName: 'Lost Badge',
    status: 'revoked',
    revokedAt: REVOKED_AT,
    revocationReason: 'The badge was banned',
  },
];

function stubEarner() {
  storeUserSession(ME);
  stubApi((call) => {
    if (call.path === '/stake/balance') return balances('12.5', '3');
    if (call.path === '/badge/applied/earner') return { data: [kept, lost] };
    if (call.path === `/badge/assigned/${ME.account}`) return { data: [kept, lost] };
    if (call.path === '/credentials/mine') return { data: credentials };
    if (call.path === '/badge/details/b-lost') return { data: lost.badge };
    if (call.path === '/badge/applicationlist/b-lost/' + ME.account) {
      return { data: { application: lost, eligible: false } };
    }
    return undefined;
  });
}

function expectRevokedShown(within_: ReturnType<typeof within>) {
  const note = within_.getByRole('status', { name: 'Credential revoked: Lost Badge' });
  expect(note.textContent).toContain('Revoked');
  expect(note.textContent).toContain(formatDate(REVOKED_AT));
  expect(note.textContent).toContain('Reason: The badge was banned');
  expect(note.textContent).toContain(REVOKED_NOTE);
}

describe('a revoked credential', () => {
  it('reads Revoked with date and reason in My Badges, with no Download or LinkedIn', async () => {
    stubEarner();
    renderRoute('/dashboard');
    const list = await screen.findByRole('list', { name: 'My badges' });
    const items = await within(list).findAllByRole('listitem');
    const [keptItem, lostItem] = items as [HTMLElement, HTMLElement];
    await within(lostItem).findByRole('status', { name: 'Credential revoked: Lost Badge' });
    expectRevokedShown(within(lostItem));
    expect(within(lostItem).queryByRole('button', { name: /Download/ })).toBeNull();
    expect(within(lostItem).queryByRole('link', { name: /LinkedIn/ })).toBeNull();
    // The credential still standing keeps its downloads and its share.
    expect(within(keptItem).getByRole('button', { name: 'Download image' })).toBeTruthy();
    expect(within(keptItem).getByRole('link', { name: 'Add to LinkedIn profile' })).toBeTruthy();
    expect(within(keptItem).queryByText(REVOKED_NOTE)).toBeNull();
  });

  it('reads Revoked on the badge page, with no Download as PNG and no share', async () => {
    stubEarner();
    renderRoute('/badge/b-lost');
    await screen.findByRole('heading', { name: 'Lost Badge' });
    await screen.findByRole('status', { name: 'Credential revoked: Lost Badge' });
    const page = within(document.querySelector('article')!);
    expectRevokedShown(page);
    expect(page.queryByRole('button', { name: /Download/ })).toBeNull();
    expect(page.queryByRole('link', { name: /LinkedIn/ })).toBeNull();
  });
});
