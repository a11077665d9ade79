import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
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

  it("without an explorer: the app's own transaction page, in the same tab", () => {
    render(<TransactionStatusCard status={txStatus({ transactionHash: HASH })} stillProcessing />);
    const card = screen.getByRole('status');
    const link = within(card).getByRole('link', { name: STILL_PROCESSING_TEXTS.viewTransaction });
    expect(link.getAttribute('href')).toBe(`/tx/${HASH}`);
    expect(link.getAttribute('target')).toBeNull();
    expect(spinnerIn(card)).toBeNull();
  });

  it('a completed transaction links its hash: the explorer when the server names one', () => {
    const url = `https://polygonscan.com/tx/${HASH}`;
    const { unmount } = render(
      <TransactionStatusCard
        status={txStatus({
          status: 'COMPLETED',
          transactionHash: HASH,
          transactionChainScanUrl: url,
        })}
      />,
    );
    const external = within(screen.getByRole('status')).getByRole('link', { name: HASH });
    expect(external.getAttribute('href')).toBe(url);
    expect(external.getAttribute('target')).toBe('_blank');
    unmount();
    render(
      <TransactionStatusCard status={txStatus({ status: 'COMPLETED', transactionHash: HASH })} />,
    );
    const own = within(screen.getByRole('status')).getByRole('link', { name: HASH });
    expect(own.getAttribute('href')).toBe(`/tx/${HASH}`);
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
