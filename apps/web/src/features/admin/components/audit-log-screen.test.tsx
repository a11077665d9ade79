// Audit log through the real route table: the sidebar entry deep-links
// ?menu=audit; the table shows when, who, the action in words, the target and
// a chain action's outcome; the action filter asks the server for that action;
// See more asks for the page before the last cursor.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AUDIT_ACTIONS, type AuditEntry } from '@gets/schema';
import { closeAllStreams } from '@/features/custody';
import { stubApi, storeAdminSession } from '@/test/api-stub';
import { renderRoute } from '@/test/render-route';

afterEach(() => closeAllStreams());

const entry = (id: string, overrides: Partial<AuditEntry>): AuditEntry => ({
  id,
  adminId: 'a1',
  adminEmail: 'root@example.com',
  action: 'sponsor.approve',
  targetKind: 'user',
  targetId: `user-${id}`,
  details: {},
  transactionId: null,
  outcome: null,
  failureReason: null,
  createdAt: '2025-03-04T10:00:00.000Z',
  ...overrides,
});

const FIRST = [
  entry('e3', {
    action: 'badge.ban',
    targetKind: 'badge',
    targetId: '7',
    details: { badgeId: '7', name: 'Rust Basics' },
    transactionId: 't1',
    outcome: 'COMPLETED',
  }),
  entry('e2', { action: 'settings.save', targetKind: 'settings', targetId: null }),
];
const OLDER = [entry('e1', { adminEmail: 'second@example.org' })];

function stubLog() {
  return stubApi({
    'GET /admin/sponsors/unapproved': { data: [] },
    'GET /admin/audit-log': (call) => {
      const action = call.query.get('action');
      if (action)
        return { data: { entries: OLDER.filter((e) => e.action === action), nextCursor: null } };
      return call.query.get('before') === 'cursor-1'
        ? { data: { entries: OLDER, nextCursor: null } }
        : { data: { entries: FIRST, nextCursor: 'cursor-1' } };
    },
  });
}

const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(1)
        .map((cell) => cell.textContent),
    );

describe('Audit log', () => {
  it('is the last sidebar entry and lists admin actions in words, with See more for older ones', async () => {
    storeAdminSession();
    const { callsTo } = stubLog();
    renderRoute('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    const link = within(nav).getByRole('link', { name: 'Audit log' });
    expect(link.getAttribute('href')).toBe('/dashboard?menu=audit');
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeTruthy();
    await waitFor(() =>
      expect(rows()).toEqual([
        ['root@example.com', AUDIT_ACTIONS['badge.ban'], 'badge Rust Basics (7)', 'Completed'],
        ['root@example.com', AUDIT_ACTIONS['settings.save'], 'settings', ''],
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'See more' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[2]).toEqual([
      'second@example.org',
      AUDIT_ACTIONS['sponsor.approve'],
      'user (user-e1)',
      '',
    ]);
    expect(
      callsTo('GET', '/admin/audit-log').some((c) => c.query.get('before') === 'cursor-1'),
    ).toBe(true);
    // The last page: no more See more.
    expect(screen.queryByRole('button', { name: 'See more' })).toBeNull();
  });

  it('filters by the action chosen in the labelled select', async () => {
    storeAdminSession();
    const { callsTo } = stubLog();
    renderRoute('/dashboard?menu=audit');
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'sponsor.approve' } });
    await waitFor(() =>
      expect(rows()).toEqual([
        ['second@example.org', AUDIT_ACTIONS['sponsor.approve'], 'user (user-e1)', ''],
      ]),
    );
    expect(
      callsTo('GET', '/admin/audit-log').some((c) => c.query.get('action') === 'sponsor.approve'),
    ).toBe(true);
  });
});
