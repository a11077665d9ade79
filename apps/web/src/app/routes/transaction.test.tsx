// /tx/{hash} through the real route table, with the API stubbed: the facts
// with their labels, the events in words, pending, not found, a bad hash, a
// failed read; and a hash's link leading to this page.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PRODUCT_NAME, TRANSACTION_FACTS_MESSAGES, type TransactionFacts } from '@gets/schema';
import { TransactionLink } from '@/components/ui/transaction-link';
import { renderRoute } from '@/test/render-route';
import { AppProvider } from '../provider';
import { pageRoutes } from '../router';
import { formatDateTime } from '@/lib/format';

const HASH = `0x${'ab'.repeat(32)}`;
const ADA = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const FORWARDER = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

const facts = (overrides: Partial<TransactionFacts> = {}): TransactionFacts => ({
  hash: HASH,
  chainId: 137,
  status: 'success',
  blockNumber: '42',
  blockTime: '2026-11-26T14:05:00.000Z',
  from: ADA,
  fromLabel: 'Platform relayer',
  to: FORWARDER,
  toLabel: 'Platform forwarder',
  gasUsed: '94244',
  events: [
    {
      logIndex: 0,
      address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
      contract: 'GETS token',
      eventName: 'Transfer',
      words: 'Transfer of 1,000 GETS from 0x7099...79C8 to 0x3C44...93BC',
      args: [
        { name: 'from', value: ADA },
        { name: 'value', value: '1000000000000000000000' },
      ],
    },
    {
      logIndex: 1,
      address: '0x0000000000000000000000000000000000000bad',
      contract: null,
      eventName: null,
      words: 'Unknown event of contract 0x0000...0bad',
      args: [],
    },
  ],
  moreEvents: 0,
  ...overrides,
});

type Reply = { status?: number; body: unknown };

function stubFetch(answer: () => Reply | Promise<Reply>) {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    const { status = 200, body } = await answer();
    return new Response(JSON.stringify(body), { status });
  });
  return urls;
}

const fact = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling!.textContent;

afterEach(() => vi.unstubAllGlobals());

describe('/tx/{hash}', () => {
  it('shows status, block, time, from and to, gas used and the events in words', async () => {
    // The reply waits on a gate opened after the loading text is seen; the page may
    // show that text before it calls fetch, so the gate exists before either.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const urls = stubFetch(async () => {
      await gate;
      return { body: { message: 'Transaction', data: facts() } };
    });
    renderRoute(`/tx/${HASH}`);
    expect(await screen.findByText(/Reading the transaction/)).toBeTruthy();
    release();
    expect(await screen.findByText('Success')).toBeTruthy();
    expect(urls).toEqual([`/gs-api/transactions/${HASH}`]);
    expect(screen.getByRole('heading', { level: 1, name: 'Transaction' })).toBeTruthy();
    expect(document.title).toBe(`Transaction 0xabab...abab - ${PRODUCT_NAME}`);
    expect(fact('Block')).toBe('42');
    expect(fact('Time')).toBe(formatDateTime('2026-11-26T14:05:00.000Z'));
    expect(fact('From')).toBe(`${ADA}Platform relayer`);
    expect(fact('To')).toBe(`${FORWARDER}Platform forwarder`);
    expect(fact('Gas used')).toBe('94,244');
    const events = within(screen.getByRole('list', { name: 'Events' })).getAllByRole('listitem');
    expect(events).toHaveLength(2);
    expect(events[0]!.textContent).toContain(
      'Transfer of 1,000 GETS from 0x7099...79C8 to 0x3C44...93BC',
    );
    expect(events[0]!.textContent).toContain('Transfer · GETS token');
    expect(events[1]!.textContent).toContain('Unknown event of contract 0x0000...0bad');
    expect(within(events[1]!).queryByText('Details')).toBeNull();
  });

  it('a pending transaction says it is not yet in a block', async () => {
    stubFetch(() => ({
      body: {
        message: 'Transaction',
        data: facts({
          status: 'pending',
          blockNumber: null,
          blockTime: null,
          gasUsed: null,
          events: [],
        }),
      },
    }));
    renderRoute(`/tx/${HASH}`);
    expect(await screen.findByText('Pending')).toBeTruthy();
    expect(fact('Block')).toBe('Not yet in a block');
    expect(fact('Gas used')).toBe('Not yet in a block');
    expect(screen.getByText('This transaction emitted no events.')).toBeTruthy();
  });

  it('an unknown hash: "Transaction not found" with the reason, in the title too', async () => {
    stubFetch(() => ({
      status: 404,
      body: { message: TRANSACTION_FACTS_MESSAGES.notFound, data: null },
    }));
    renderRoute(`/tx/${HASH}`);
    expect((await screen.findByRole('alert')).textContent).toBe(
      TRANSACTION_FACTS_MESSAGES.notFound,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Transaction not found' })).toBeTruthy();
    expect(document.title).toBe(`Transaction not found - ${PRODUCT_NAME}`);
    expect(screen.getByRole('link', { name: 'Go to Home' })).toBeTruthy();
  });

  it('not a hash: the server’s reason', async () => {
    stubFetch(() => ({
      status: 400,
      body: { message: TRANSACTION_FACTS_MESSAGES.invalidHash, data: null },
    }));
    renderRoute('/tx/0x1234');
    expect((await screen.findByRole('alert')).textContent).toBe(
      TRANSACTION_FACTS_MESSAGES.invalidHash,
    );
  });

  it('a failed read offers to try again, and then shows the transaction', async () => {
    let calls = 0;
    stubFetch(() => {
      calls += 1;
      return calls === 1
        ? { status: 503, body: { message: 'The chain cannot be reached', data: null } }
        : { body: { message: 'Transaction', data: facts() } };
    });
    renderRoute(`/tx/${HASH}`);
    expect((await screen.findByRole('alert')).textContent).toContain('The chain cannot be reached');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Success')).toBeTruthy();
  });
});

describe('TransactionLink', () => {
  it("leads to the app's own page in the same tab, and opens it", async () => {
    stubFetch(() => ({ body: { message: 'Transaction', data: facts() } }));
    const router = createMemoryRouter(
      [
        { path: '/awards', element: <TransactionLink hash={HASH}>0xabab...abab</TransactionLink> },
        ...pageRoutes.filter((route) => route.path === 'tx/:hash'),
      ],
      { initialEntries: ['/awards'] },
    );
    render(
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    const link = await screen.findByRole('link', { name: '0xabab...abab' });
    expect(link.getAttribute('href')).toBe(`/tx/${HASH}`);
    expect(link.getAttribute('target')).toBeNull();
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/tx/${HASH}`));
    expect(await screen.findByText('Success')).toBeTruthy();
  });

  it('leads to the explorer the server names, in a new tab', () => {
    const url = `https://polygonscan.com/tx/${HASH}`;
    render(
      <TransactionLink hash={HASH} href={url}>
        View the transaction
      </TransactionLink>,
    );
    const link = screen.getByRole('link', { name: 'View the transaction' });
    expect(link.getAttribute('href')).toBe(url);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
