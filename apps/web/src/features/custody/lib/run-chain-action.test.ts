import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { TransactionStatus } from '@gets/schema';
import type { ApiResult } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { STILL_PROCESSING_TEXTS } from '../components/still-processing-notice';
import { COMPLETED, manualFeed, TX_ID, txStatus } from '../test-support';
import { ChainActionError, isStillProcessing } from './chain-action-error';
import { runChainAction, type ActionRequest, type AskConsent } from './run-chain-action';
import { STILL_PROCESSING_AFTER_MS } from './wait-for-transaction';

const SECOND_TX = '0b7e2a4c-1d3f-4e5a-8b6c-7d8e9f0a1b2c';
const CONSENT = {
  consentToken: 'c'.repeat(43),
  description: 'Send 5 GETS to 0x2222...2222',
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
};
const HASH_OF_TX = `0x${'cd'.repeat(32)}`;
const URL_OF_TX = `https://polygonscan.com/tx/${HASH_OF_TX}`;

const ok = <T>(data: T): ApiResult<T> => ({ success: true, status: 200, message: 'ok', data });

/** The action endpoint: consent first, then queued as the given transactions. */
function actionRequest(transactionIds: string[]): ActionRequest {
  return (consentToken) =>
    Promise.resolve(
      consentToken
        ? ok({ status: 'QUEUED', transactionId: transactionIds[0], transactionIds })
        : ok(CONSENT),
    );
}

const confirmAtOnce: AskConsent = async (_prompt, submit) => ({
  confirmed: true,
  value: await submit(),
});

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('runChainAction', () => {
  it('past the bound: the progress toast becomes "Still processing" with the link, and the action rejects as processing', async () => {
    const loading = vi.spyOn(toast, 'loading').mockReturnValue('progress');
    const info = vi.spyOn(toast, 'info').mockReturnValue('progress');
    const error = vi.spyOn(toast, 'error');
    const queued = txStatus({ transactionHash: HASH_OF_TX, transactionChainScanUrl: URL_OF_TX });
    const outcome = runChainAction({
      request: actionRequest([TX_ID]),
      auth: 'user',
      askConsent: confirmAtOnce,
      getStatus: () => Promise.resolve(ok(queued)),
      feed: manualFeed(true),
    }).catch((reason: unknown) => reason);

    await vi.advanceTimersByTimeAsync(STILL_PROCESSING_AFTER_MS);
    const reason = await outcome;
    expect(reason).toBeInstanceOf(ChainActionError);
    expect(isStillProcessing(reason)).toBe(true);
    expect((reason as ChainActionError).transaction).toMatchObject({
      transactionId: TX_ID,
      transactionChainScanUrl: URL_OF_TX,
    });
    expect(loading).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith(STILL_PROCESSING_TEXTS.title, {
      id: 'progress',
      description: expect.anything() as unknown,
      duration: Infinity,
    });
    expect(error).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);

    // What the toast shows under its title.
    render(info.mock.calls[0]![1]!.description as ReactElement);
    expect(screen.getByText(STILL_PROCESSING_TEXTS.message)).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: STILL_PROCESSING_TEXTS.viewTransaction })
        .getAttribute('href'),
    ).toBe(URL_OF_TX);
  });

  it('counts the bound from the consent, across every part of the action', async () => {
    vi.spyOn(toast, 'loading').mockReturnValue('progress');
    vi.spyOn(toast, 'info').mockReturnValue('progress');
    const feed = manualFeed(true);
    const getStatus = vi.fn((id: string) => Promise.resolve(ok(txStatus({ transactionId: id }))));
    const started = Date.now();
    let endedAt = 0;
    const outcome = runChainAction({
      request: actionRequest([TX_ID, SECOND_TX]),
      auth: 'user',
      askConsent: confirmAtOnce,
      getStatus,
      feed,
    }).catch((reason: unknown) => {
      endedAt = Date.now();
      return reason;
    });
    await vi.advanceTimersByTimeAsync(100_000);
    feed.push(COMPLETED); // the first part ends; the second never does
    await vi.advanceTimersByTimeAsync(STILL_PROCESSING_AFTER_MS);
    const reason = await outcome;
    expect(isStillProcessing(reason)).toBe(true);
    expect((reason as ChainActionError).transaction?.transactionId).toBe(SECOND_TX);
    expect(endedAt - started).toBe(STILL_PROCESSING_AFTER_MS);
  });

  it('FAILED still ends with its reason in place of the progress toast', async () => {
    vi.spyOn(toast, 'loading').mockReturnValue('progress');
    const error = vi.spyOn(toast, 'error');
    const failed: TransactionStatus = txStatus({
      status: 'FAILED',
      failureReason: 'Insufficient GETS balance',
    });
    const final = await runChainAction({
      request: actionRequest([TX_ID]),
      auth: 'user',
      askConsent: confirmAtOnce,
      getStatus: () => Promise.resolve(ok(failed)),
      feed: null,
    });
    expect(final).toEqual(failed);
    expect(error).toHaveBeenCalledWith('Insufficient GETS balance!', { id: 'progress' });
  });

  it('says its own progress text only once the consent is confirmed (QUEUED), never before', async () => {
    const loading = vi.spyOn(toast, 'loading').mockReturnValue('progress');
    let atConsent: unknown[][] = [];
    const askConsent: AskConsent = async (_prompt, submit) => {
      atConsent = loading.mock.calls.map((call) => [...call]);
      return { confirmed: true, value: await submit() };
    };
    await runChainAction({
      request: actionRequest([TX_ID]),
      auth: 'user',
      askConsent,
      getStatus: () => Promise.resolve(ok(COMPLETED)),
      feed: null,
      progressText: 'Your badge is being published...',
    });
    expect(atConsent).toEqual([]);
    expect(loading).toHaveBeenCalledWith('Your badge is being published...');
  });

  it('shows no progress text when the consent is cancelled', async () => {
    const loading = vi.spyOn(toast, 'loading').mockReturnValue('progress');
    await expect(
      runChainAction({
        request: actionRequest([TX_ID]),
        auth: 'user',
        askConsent: () => Promise.resolve({ confirmed: false }),
        getStatus: () => Promise.resolve(ok(COMPLETED)),
        feed: null,
        progressText: 'Your badge is being published...',
      }),
    ).rejects.toBeInstanceOf(ChainActionError);
    expect(loading).not.toHaveBeenCalled();
  });

  it('leaves a progress toast given an id open on COMPLETED, for the caller to turn into the outcome', async () => {
    const loading = vi.spyOn(toast, 'loading').mockReturnValue('publish-1');
    const dismiss = vi.spyOn(toast, 'dismiss');
    await runChainAction({
      request: actionRequest([TX_ID]),
      auth: 'user',
      askConsent: confirmAtOnce,
      getStatus: () => Promise.resolve(ok(COMPLETED)),
      feed: null,
      progressText: 'Your badge is being published...',
      progressToastId: 'publish-1',
    });
    expect(loading).toHaveBeenCalledWith('Your badge is being published...', { id: 'publish-1' });
    expect(dismiss).not.toHaveBeenCalled();
  });

  it('dismisses its own progress toast on COMPLETED', async () => {
    vi.spyOn(toast, 'loading').mockReturnValue('progress');
    const dismiss = vi.spyOn(toast, 'dismiss');
    await runChainAction({
      request: actionRequest([TX_ID]),
      auth: 'user',
      askConsent: confirmAtOnce,
      getStatus: () => Promise.resolve(ok(COMPLETED)),
      feed: null,
    });
    expect(dismiss).toHaveBeenCalledWith('progress');
  });
});
