import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { WalletAddress } from './wallet-address';

const ADDRESS = '0x1111111111111111111111111111111111111111';

describe('WalletAddress', () => {
  it('keeps the address on one line, cut with "…" where it does not fit, the whole of it as its title', () => {
    render(<WalletAddress address={ADDRESS} />);
    const text = screen.getByTestId('wallet-address');
    expect(text.textContent).toBe(ADDRESS);
    expect(text.getAttribute('title')).toBe(ADDRESS);
    expect(text.className).toContain('truncate');
    const button = screen.getByRole('button', { name: `Wallet address ${ADDRESS}, click to copy` });
    expect(button.className).toContain('whitespace-nowrap');
    expect(button.className).not.toContain('break-all');
  });
});
