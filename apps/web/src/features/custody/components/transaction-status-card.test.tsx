import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { TOASTS } from '@gets/schema';
import { toast } from '@/lib/toast';
import { TX_ID, txStatus } from '../test-support';
import { STILL_PROCESSING_TEXTS } from './still-processing-notice';
import { TransactionStatusCard } from './transaction-status-card';

const HASH = `0x${'cd'.repeat(32)}`;
const spinnerIn = (element: HTMLElement) => element.querySelector('.animate-spin');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TransactionStatusCard', () => {
  it('spins while the page waits for a queued transaction', () => {
    render(<TransactionStatusCard status={txStatus()} />);
    const card = screen.getByRole('status');
    expect(card.textContent).toContain('Processing');
    expect(spinnerIn(card)).not.toBeNull();
  });

  it('once the page stopped waiting: still processing, the explorer link, no spinner', () => {
    const url = `https://polygonscan.com/tx/${HASH}`;
    render(
      <TransactionStatusCard
        status={txStatus({ transactionHash: HASH, transactionChainScanUrl: url })}
        stillProcessing
      />,
    );
    const card = screen.getByRole('status');
    expect(card.textContent).toContain(
      `Send 5 GETS to 0x2222...2222: ${STILL_PROCESSING_TEXTS.title}`,
    );
    expect(card.textContent).toContain(STILL_PROCESSING_TEXTS.message);
    const link = within(card).getByRole('link', { name: STILL_PROCESSING_TEXTS.viewTransaction });
    expect(link.getAttribute('href')).toBe(url);
    expect(spinnerIn(card)).toBeNull();
  });

  it('without an explorer: the hash, with a button that copies it', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const success = vi.spyOn(toast, 'success');
    render(<TransactionStatusCard status={txStatus({ transactionHash: HASH })} stillProcessing />);
    const card = screen.getByRole('status');
    expect(card.textContent).toContain(HASH);
    expect(within(card).queryByRole('link')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Copy transaction hash' }));
    expect(writeText).toHaveBeenCalledWith(HASH);
    await waitFor(() => expect(success).toHaveBeenCalledWith(TOASTS.success.copied));
    expect(spinnerIn(card)).toBeNull();
  });

  it('with no hash yet: the transaction id, to copy', () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<TransactionStatusCard status={txStatus()} stillProcessing />);
    const card = screen.getByRole('status');
    expect(card.textContent).toContain(TX_ID);
    fireEvent.click(within(card).getByRole('button', { name: 'Copy transaction id' }));
    expect(writeText).toHaveBeenCalledWith(TX_ID);
  });

  it('a transaction that ended shows its outcome, still processing or not', () => {
    render(
      <TransactionStatusCard
        status={txStatus({ status: 'FAILED', failureReason: 'Insufficient GETS balance' })}
        stillProcessing
      />,
    );
    const card = screen.getByRole('status');
    expect(card.textContent).toContain('Failed');
    expect(card.textContent).toContain('Insufficient GETS balance');
    expect(card.textContent).not.toContain(STILL_PROCESSING_TEXTS.message);
  });
});
