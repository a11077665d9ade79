import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOASTS, TRANSACTION_POLLING, type TransactionStatus } from '@gets/schema';
import type { ApiResult } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { getTransactionStatus } from '../api/get-transaction-status';
import { COMPLETED, json, manualFeed, stubFetch, TX_ID, txStatus } from '../test-support';
import {
  READ_RETRY_DELAYS_MS,
  STILL_PROCESSING_AFTER_MS,
  TransactionStillProcessingError,
  TransactionStatusUnknownError,
  WATCH_READ_INTERVAL_MS,
  waitForTransaction,
} from './wait-for-transaction';

const statusCalls = (calls: { path: string }[]) =>
  calls.filter((call) => call.path === '/gs-api/metakeep/transaction');

beforeEach(() => {
  // Stored before the clock is faked: the test DOM's storage event would leave a timer pending.
  window.localStorage.setItem('auth', JSON.stringify({ token: 'user-token', user: {} }));
  vi.useFakeTimers();
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
    expect(vi.getTimerCount()).toBe(0);
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
    // One catch-up look, then no polling while the stream is up.
    await vi.advanceTimersByTimeAsync(WATCH_READ_INTERVAL_MS - 1);
    expect(statusCalls(calls)).toHaveLength(1);

    feed.push(txStatus({ transactionId: 'someone-else', status: 'FAILED' }));
    feed.push(COMPLETED);
    const final = await outcome;
    expect(final.status).toBe('COMPLETED');
    expect(final.events[0]?.eventName).toBe('Transfer');
  });

  it('falls back to polling while the stream is down, and reads every 10 s once it is back', async () => {
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

    feed.setConnected(true); // one catch-up look, then the slower watch
    await vi.advanceTimersByTimeAsync(WATCH_READ_INTERVAL_MS - 1);
    expect(statusCalls(calls)).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(statusCalls(calls)).toHaveLength(5);

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

/** A getStatus the test answers: each call waits for `answer`, in order. */
function manualStatus() {
  const pending: ((result: ApiResult<TransactionStatus>) => void)[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const getStatus = vi.fn(
    () =>
      new Promise<ApiResult<TransactionStatus>>((resolve) => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        pending.push((result) => {
          inFlight -= 1;
          resolve(result);
        });
      }),
  );
  return {
    getStatus,
    answer: (data: TransactionStatus) =>
      pending.shift()?.({ success: true, status: 200, message: 'ok', data }),
    get mostInFlight() {
      return mostInFlight;
    },
  };
}

const ok = (data: TransactionStatus): ApiResult<TransactionStatus> => ({
  success: true,
  status: 200,
  message: 'ok',
  data,
});
const failure = (status: number): ApiResult<TransactionStatus> => ({
  success: false,
  status,
  message: status === 0 ? 'Network error' : 'Something went wrong',
  data: null,
});

describe('waitForTransaction when a push or a read is lost', () => {
  it('reads every 10 s while the stream is connected but silent, and resolves on what it reads', async () => {
    const getStatus = vi
      .fn<(id: string) => Promise<ApiResult<TransactionStatus>>>()
      .mockResolvedValueOnce(ok(txStatus()))
      .mockResolvedValueOnce(ok(txStatus()))
      .mockResolvedValue(ok(COMPLETED));
    const outcome = waitForTransaction({ transactionId: TX_ID, getStatus, feed: manualFeed(true) });
    await vi.advanceTimersByTimeAsync(0);
    expect(getStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(WATCH_READ_INTERVAL_MS - 1);
    expect(getStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(getStatus).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(WATCH_READ_INTERVAL_MS);
    await expect(outcome).resolves.toMatchObject({ status: 'COMPLETED' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('retries a catch-up read the server failed (500) after a second, and resolves', async () => {
    const getStatus = vi
      .fn<(id: string) => Promise<ApiResult<TransactionStatus>>>()
      .mockResolvedValueOnce(failure(500))
      .mockResolvedValue(ok(COMPLETED));
    const outcome = waitForTransaction({ transactionId: TX_ID, getStatus, feed: manualFeed(true) });
    await vi.advanceTimersByTimeAsync(READ_RETRY_DELAYS_MS[0] - 1);
    expect(getStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toMatchObject({ status: 'COMPLETED' });
  });

  it('retries a read that threw, and resolves', async () => {
    const getStatus = vi
      .fn<(id: string) => Promise<ApiResult<TransactionStatus>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(ok(COMPLETED));
    const outcome = waitForTransaction({ transactionId: TX_ID, getStatus, feed: manualFeed(true) });
    await vi.advanceTimersByTimeAsync(READ_RETRY_DELAYS_MS[0]);
    expect(getStatus).toHaveBeenCalledTimes(2);
    await expect(outcome).resolves.toMatchObject({ status: 'COMPLETED' });
  });

  it('backs off 1, 2, 4, 8 s between failed reads, then every 10 s', async () => {
    const getStatus = vi.fn(() => Promise.resolve(failure(0)));
    const outcome = waitForTransaction({ transactionId: TX_ID, getStatus, feed: manualFeed(true) });
    outcome.catch(() => {});
    const callTimes: number[] = [];
    getStatus.mockImplementation(() => {
      callTimes.push(Date.now());
      return Promise.resolve(failure(503));
    });
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(45_000);
    expect(callTimes.map((time) => time - start)).toEqual([
      1000, 3000, 7000, 15_000, 25_000, 35_000, 45_000,
    ]);
  });

  it('does a read that falls due while another is in flight after it, never two at once', async () => {
    const status = manualStatus();
    const feed = manualFeed(true);
    const outcome = waitForTransaction({ transactionId: TX_ID, getStatus: status.getStatus, feed });
    await vi.advanceTimersByTimeAsync(0);
    // The stream drops while the first read is slow: the first poll falls due during it.
    feed.setConnected(false);
    await vi.advanceTimersByTimeAsync(TRANSACTION_POLLING.intervalMs * 2);
    expect(status.getStatus).toHaveBeenCalledTimes(1);
    status.answer(txStatus());
    await vi.advanceTimersByTimeAsync(0);
    expect(status.getStatus).toHaveBeenCalledTimes(2);
    status.answer(COMPLETED);
    await expect(outcome).resolves.toMatchObject({ status: 'COMPLETED' });
    expect(status.mostInFlight).toBe(1);
  });

  it('ends with "still processing" at the bound, pointing to the transaction, with no timer left', async () => {
    const queued = txStatus({
      transactionHash: `0x${'cd'.repeat(32)}`,
      transactionChainScanUrl: `https://polygonscan.com/tx/0x${'cd'.repeat(32)}`,
    });
    const getStatus = vi.fn(() => Promise.resolve(ok(queued)));
    const outcome = waitForTransaction({
      transactionId: TX_ID,
      getStatus,
      feed: manualFeed(true),
    }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(STILL_PROCESSING_AFTER_MS - 1);
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(TransactionStillProcessingError);
    expect((error as TransactionStillProcessingError).transaction).toMatchObject({
      transactionId: TX_ID,
      transactionHash: queued.transactionHash,
      transactionChainScanUrl: queued.transactionChainScanUrl,
    });
    expect(vi.getTimerCount()).toBe(0);
    const reads = getStatus.mock.calls.length;
    await vi.advanceTimersByTimeAsync(STILL_PROCESSING_AFTER_MS);
    expect(getStatus).toHaveBeenCalledTimes(reads);
  });

  it('counts the bound from the deadline it is given, even with a read still in flight', async () => {
    const status = manualStatus();
    const outcome = waitForTransaction({
      transactionId: TX_ID,
      getStatus: status.getStatus,
      feed: manualFeed(true),
      deadline: Date.now() + 5000,
    }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await outcome).toEqual(
      new TransactionStillProcessingError({
        transactionId: TX_ID,
        transactionHash: null,
        transactionChainScanUrl: null,
      }),
    );
    status.answer(COMPLETED);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a 401 ends the wait without a toast of its own (the session helper handles it)', async () => {
    const errorToast = vi.spyOn(toast, 'error');
    const getStatus = vi.fn(() => Promise.resolve(failure(401)));
    const outcome = waitForTransaction({ transactionId: TX_ID, getStatus, feed: manualFeed(true) });
    await expect(outcome).rejects.toBeInstanceOf(TransactionStatusUnknownError);
    expect(errorToast).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
