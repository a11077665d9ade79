import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOASTS, TRANSACTION_POLLING, type TransactionStatus } from '@gets/schema';
import type { ApiResult } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { getTransactionStatus } from '../api/get-transaction-status';
import { COMPLETED, json, stubFetch, TX_ID, txStatus } from '../test-support';
import {
  TransactionStatusUnknownError,
  waitForTransaction,
  type StatusFeed,
} from './wait-for-transaction';

/** A feed the test drives by hand. */
function manualFeed(connected: boolean) {
  let onStatus: ((status: TransactionStatus) => void) | undefined;
  let onConnection: ((connected: boolean) => void) | undefined;
  const feed: Omit<StatusFeed, 'connected'> & {
    connected: boolean;
    push: (status: TransactionStatus) => void;
    setConnected: (value: boolean) => void;
  } = {
    connected,
    subscribe(statusListener, connectionListener) {
      onStatus = statusListener;
      onConnection = connectionListener;
      return () => {
        onStatus = undefined;
        onConnection = undefined;
      };
    },
    push: (status) => onStatus?.(status),
    setConnected(value) {
      feed.connected = value;
      onConnection?.(value);
    },
  };
  return feed;
}

const statusCalls = (calls: { path: string }[]) =>
  calls.filter((call) => call.path === '/gs-api/metakeep/transaction');

beforeEach(() => {
  vi.useFakeTimers();
  window.localStorage.setItem('auth', JSON.stringify({ token: 'user-token', user: {} }));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('waitForTransaction', () => {
  it('polls every 5000 ms when there is no push channel, and stops after 10 tries with the toast', async () => {
    const errorToast = vi.spyOn(toast, 'error');
    const { calls, fetchStub } = stubFetch(() => json({ message: 'ok', data: txStatus() }));
    vi.stubGlobal('fetch', fetchStub);

    const outcome = waitForTransaction({
      transactionId: TX_ID,
      getStatus: (id) => getTransactionStatus(id, 'user'),
      feed: null,
    }).catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(0);
    expect(statusCalls(calls)).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ transactionId: TX_ID });
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer user-token');

    await vi.advanceTimersByTimeAsync(TRANSACTION_POLLING.intervalMs - 1);
    expect(statusCalls(calls)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(statusCalls(calls)).toHaveLength(2);

    await vi.advanceTimersByTimeAsync(TRANSACTION_POLLING.intervalMs * 20);
    expect(statusCalls(calls)).toHaveLength(TRANSACTION_POLLING.maxTries);
    expect(await outcome).toBeInstanceOf(TransactionStatusUnknownError);
    expect(errorToast).toHaveBeenCalledWith(TOASTS.error.maxRetries);
  });

  it('resolves with the COMPLETED transaction and its events as soon as it is pushed', async () => {
    const { calls, fetchStub } = stubFetch(() => json({ message: 'ok', data: txStatus() }));
    vi.stubGlobal('fetch', fetchStub);
    const feed = manualFeed(true);

    const outcome = waitForTransaction({
      transactionId: TX_ID,
      getStatus: (id) => getTransactionStatus(id, 'user'),
      feed,
    });
    await vi.advanceTimersByTimeAsync(0);
    // One catch-up look, then nothing while the stream is up.
    await vi.advanceTimersByTimeAsync(TRANSACTION_POLLING.intervalMs * 3);
    expect(statusCalls(calls)).toHaveLength(1);

    feed.push(txStatus({ transactionId: 'someone-else', status: 'FAILED' }));
    feed.push(COMPLETED);
    const final = await outcome;
    expect(final.status).toBe('COMPLETED');
    expect(final.events[0]?.eventName).toBe('Transfer');
  });

  it('falls back to polling while the stream is down and stops polling when it is back', async () => {
    let answer = txStatus();
    const { calls, fetchStub } = stubFetch(() => json({ message: 'ok', data: answer }));
    vi.stubGlobal('fetch', fetchStub);
    const feed = manualFeed(true);
    const outcome = waitForTransaction({
      transactionId: TX_ID,
      getStatus: (id) => getTransactionStatus(id, 'user'),
      feed,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(statusCalls(calls)).toHaveLength(1);

    feed.setConnected(false);
    await vi.advanceTimersByTimeAsync(TRANSACTION_POLLING.intervalMs * 2);
    expect(statusCalls(calls)).toHaveLength(3);

    feed.setConnected(true); // one catch-up look, then silence
    await vi.advanceTimersByTimeAsync(TRANSACTION_POLLING.intervalMs * 4);
    expect(statusCalls(calls)).toHaveLength(4);

    answer = COMPLETED;
    feed.setConnected(false);
    await vi.advanceTimersByTimeAsync(TRANSACTION_POLLING.intervalMs);
    await expect(outcome).resolves.toMatchObject({ status: 'COMPLETED' });
  });

  it('looks again when the stream comes up while the first look is still on its way', async () => {
    // The first look is read on the server while the transaction is QUEUED;
    // the stream then connects, but COMPLETED was pushed before it did. Only
    // a second look can see it.
    let answerFirstLook: (result: ApiResult<TransactionStatus>) => void = () => {};
    const getStatus = vi
      .fn<(id: string) => Promise<ApiResult<TransactionStatus>>>()
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirstLook = resolve)))
      .mockResolvedValue({ success: true, status: 200, message: 'ok', data: COMPLETED });
    const feed = manualFeed(false);
    const outcome = waitForTransaction({ transactionId: TX_ID, getStatus, feed });
    await vi.advanceTimersByTimeAsync(0);
    expect(getStatus).toHaveBeenCalledTimes(1);

    feed.setConnected(true);
    answerFirstLook({ success: true, status: 200, message: 'ok', data: txStatus() });
    await vi.advanceTimersByTimeAsync(0);

    expect(getStatus).toHaveBeenCalledTimes(2);
    await expect(outcome).resolves.toMatchObject({ status: 'COMPLETED' });
  });

  it('shows "Failed to fetch transaction status!" when a status call errors', async () => {
    const errorToast = vi.spyOn(toast, 'error');
    const { fetchStub } = stubFetch(() =>
      json({ message: 'Transaction not found', data: null }, 404),
    );
    vi.stubGlobal('fetch', fetchStub);
    const outcome = waitForTransaction({
      transactionId: TX_ID,
      getStatus: (id) => getTransactionStatus(id, 'user'),
      feed: null,
    });
    await expect(outcome).rejects.toThrow('Transaction not found');
    expect(errorToast).toHaveBeenCalledWith(
      TOASTS.error.transactionStatusFailed,
      expect.anything(),
    );
  });

  it('resolves with FAILED and its reason', async () => {
    const failed = txStatus({ status: 'FAILED', failureReason: 'Insufficient GETS balance' });
    const { fetchStub } = stubFetch(() => json({ message: 'ok', data: failed }));
    vi.stubGlobal('fetch', fetchStub);
    const final = await waitForTransaction({
      transactionId: TX_ID,
      getStatus: (id) => getTransactionStatus(id, 'user'),
      feed: null,
    });
    expect(final).toEqual(failed);
  });
});
