import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState, type ReactElement } from 'react';
import type { TransactionStatus } from '@gets/schema';
import { AppProvider } from '@/app/provider';
import { apiRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useQuery } from '@tanstack/react-query';
import { CHAIN_STATE_QUERY_KEY, useChainAction } from '../hooks/use-chain-action';
import type { ChainActionError } from '../lib/chain-action-error';
import { closeAllStreams } from '../lib/transaction-stream';
import { STILL_PROCESSING_AFTER_MS } from '../lib/wait-for-transaction';
import { STILL_PROCESSING_TEXTS } from './still-processing-notice';
import { TransactionStatusCard } from './transaction-status-card';
import {
  COMPLETED,
  eventStream,
  json,
  stubFetch,
  TX_ID,
  txStatus,
  type FetchCall,
} from '../test-support';

const TRANSFER = '/gs-api/token/transfer-token/metakeep';
const BODY = { to: `0x${'2'.repeat(40)}`, amount: '5', email: 'ada@example.com' };
const CONSENT = {
  consentToken: 'c'.repeat(43),
  description: 'Send 5 GETS to 0x2222...2222',
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
};

let outcome: Promise<TransactionStatus> | undefined;
/** How often a query of chain state (a balance, say) has been fetched. */
let chainReads = 0;

function Harness() {
  const action = useChainAction({ auth: 'user', title: 'Give tokens' });
  useQuery({
    queryKey: [...CHAIN_STATE_QUERY_KEY, 'probe'],
    queryFn: () => ++chainReads,
  });
  const [result, setResult] = useState('');
  return (
    <>
      <button
        type="button"
        onClick={() => {
          outcome = action.run((consentToken) =>
            apiRequest(TRANSFER.replace('/gs-api', ''), {
              method: 'POST',
              body: { ...BODY, consentToken },
            }),
          );
          outcome.then(
            (tx) => setResult(tx.status),
            (error: ChainActionError) => setResult(error.kind),
          );
        }}
      >
        Send
      </button>
      <output>{result}</output>
    </>
  );
}

function renderHarnessOf(harness: ReactElement) {
  window.localStorage.setItem('auth', JSON.stringify({ token: 'user-token', user: {} }));
  return render(<AppProvider>{harness}</AppProvider>);
}

const renderHarness = () => renderHarnessOf(<Harness />);

const transferCalls = (calls: FetchCall[]) => calls.filter((call) => call.path === TRANSFER);

afterEach(() => {
  closeAllStreams();
  outcome = undefined;
  chainReads = 0;
});

describe('the consent dialog of a chain action', () => {
  it('shows the server description; Cancel closes it and nothing is submitted', async () => {
    const { calls, fetchStub } = stubFetch(() =>
      json({ message: 'Consent required', data: CONSENT }),
    );
    vi.stubGlobal('fetch', fetchStub);
    renderHarness();

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Give tokens' });
    expect(dialog.textContent).toContain(CONSENT.description);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(outcome).rejects.toMatchObject({ kind: 'cancelled' });
    expect(transferCalls(calls)).toHaveLength(1);
    expect(transferCalls(calls)[0]?.body).toEqual(BODY);
    expect(calls.some((call) => call.path.startsWith('/gs-api/metakeep/transaction'))).toBe(false);
  });

  it('Escape aborts the same way', async () => {
    const { calls, fetchStub } = stubFetch(() =>
      json({ message: 'Consent required', data: CONSENT }),
    );
    vi.stubGlobal('fetch', fetchStub);
    renderHarness();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('alertdialog');
    fireEvent.keyDown(document, { key: 'Escape' });
    await expect(outcome).rejects.toMatchObject({ kind: 'cancelled' });
    expect(transferCalls(calls)).toHaveLength(1);
  });

  it('Confirm is disabled while submitting; then COMPLETED resolves with the events', async () => {
    let releaseSubmit: () => void = () => {};
    const submitted = new Promise<void>((resolve) => {
      releaseSubmit = resolve;
    });
    const { calls, fetchStub } = stubFetch(() => json({}));
    vi.stubGlobal(
      'fetch',
      async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
        await fetchStub(input, init);
        const call = calls[calls.length - 1]!;
        if (call.path === TRANSFER) {
          const body = call.body as { consentToken?: string };
          if (!body.consentToken) return json({ message: 'Consent required', data: CONSENT });
          await submitted;
          return json({
            message: 'Transaction queued',
            data: { status: 'QUEUED', transactionId: TX_ID },
          });
        }
        if (call.path === '/gs-api/metakeep/transaction') {
          return json({ message: 'ok', data: txStatus() });
        }
        // The live stream: the outcome arrives split across chunks.
        const event = `event: status\ndata: ${JSON.stringify(COMPLETED)}\n\n`;
        return eventStream([': connected\n\n', event.slice(0, 17), event.slice(17)], init?.signal);
      },
    );
    const loading = vi.spyOn(toast, 'loading');
    renderHarness();
    await waitFor(() => expect(chainReads).toBe(1));

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('alertdialog');
    const confirm = screen.getByRole<HTMLButtonElement>('button', { name: 'Confirm' });
    fireEvent.click(confirm);
    await waitFor(() => expect(confirm.disabled).toBe(true));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('alertdialog')).toBeTruthy();

    await act(async () => releaseSubmit());
    const final = await outcome!;
    expect(final.status).toBe('COMPLETED');
    expect(final.events).toEqual(COMPLETED.events);
    expect(transferCalls(calls)[1]?.body).toEqual({ ...BODY, consentToken: CONSENT.consentToken });
    expect(loading).toHaveBeenCalledWith('Processing request...');
    await screen.findByText('COMPLETED');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // Balances and other chain state are read again once the action has run.
    await waitFor(() => expect(chainReads).toBe(2));
  });

  it('a refused consent request shows "Consent failed!" and opens no dialog', async () => {
    const errorToast = vi.spyOn(toast, 'error');
    const { fetchStub } = stubFetch(() =>
      json({ message: 'The email does not belong to your account', data: null }, 403),
    );
    vi.stubGlobal('fetch', fetchStub);
    renderHarness();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect(outcome).rejects.toMatchObject({ kind: 'consent' });
    expect(errorToast).toHaveBeenCalledWith('Consent failed!', {
      description: 'The email does not belong to your account',
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

/** A page that shows the live card and a button that stays disabled while it runs. */
function CardHarness() {
  const action = useChainAction({ auth: 'user', title: 'Give tokens' });
  return (
    <>
      <button
        type="button"
        disabled={action.isRunning}
        onClick={() => {
          outcome = action.run((consentToken) =>
            apiRequest(TRANSFER.replace('/gs-api', ''), {
              method: 'POST',
              body: { ...BODY, consentToken },
            }),
          );
          outcome.catch(() => {});
        }}
      >
        Send
      </button>
      {action.status && (
        <TransactionStatusCard status={action.status} stillProcessing={action.stillProcessing} />
      )}
    </>
  );
}

describe('a transaction still running when the page stops waiting', () => {
  it('shows "Still processing" with the explorer link, no spinner anywhere, and Send enabled again', async () => {
    vi.useFakeTimers();
    const url = `https://polygonscan.com/tx/0x${'cd'.repeat(32)}`;
    const queued = txStatus({
      transactionHash: `0x${'cd'.repeat(32)}`,
      transactionChainScanUrl: url,
    });
    const { fetchStub } = stubFetch((call, init) => {
      if (call.path === TRANSFER) {
        const body = call.body as { consentToken?: string };
        return body.consentToken
          ? json({
              message: 'Transaction queued',
              data: { status: 'QUEUED', transactionId: TX_ID },
            })
          : json({ message: 'Consent required', data: CONSENT });
      }
      if (call.path === '/gs-api/metakeep/transaction')
        return json({ message: 'ok', data: queued });
      // Connected, then silent but for keep-alives: no push ever comes.
      return eventStream([': connected\n\n'], init?.signal);
    });
    vi.stubGlobal('fetch', fetchStub);
    try {
      renderHarnessOf(<CardHarness />);
      const send = screen.getByRole<HTMLButtonElement>('button', { name: 'Send' });
      fireEvent.click(send);
      await act(() => vi.advanceTimersByTimeAsync(0));
      fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(send.disabled).toBe(true);
      expect(screen.getByText('Processing request...')).toBeTruthy();

      await act(() => vi.advanceTimersByTimeAsync(STILL_PROCESSING_AFTER_MS));
      await expect(outcome).rejects.toMatchObject({ kind: 'processing' });
      await act(() => vi.advanceTimersByTimeAsync(0));

      expect(send.disabled).toBe(false);
      const card = screen.getByRole('status');
      expect(card.textContent).toContain(STILL_PROCESSING_TEXTS.title);
      expect(within(card).getByRole('link').getAttribute('href')).toBe(url);
      // The toast: the progress toast turned into the outcome, with the same link.
      expect(screen.queryByText('Processing request...')).toBeNull();
      const toastTitle = screen
        .getAllByText(STILL_PROCESSING_TEXTS.title)
        .find((element) => !card.contains(element));
      expect(toastTitle).toBeTruthy();
      expect(
        screen.getAllByRole('link', { name: STILL_PROCESSING_TEXTS.viewTransaction }),
      ).toHaveLength(2);
      expect(document.querySelector('.animate-spin')).toBeNull();
    } finally {
      closeAllStreams();
      vi.useRealTimers();
    }
  });
});
