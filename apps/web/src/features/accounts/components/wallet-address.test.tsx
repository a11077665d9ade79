// A wallet address button is named with the address it shows (WCAG 2.5.3,
// axe label-content-name-mismatch): the shortened one when shortened; and it
// never wraps (it wrapped at 1024 px).
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { WalletAddress } from './wallet-address';

const ADDRESS = '0x17654cEEd5AC8852037832b570521bab71fCBb6F';

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

  it('names a shortened address by what it shows, the whole address in its description', () => {
    render(<WalletAddress address={ADDRESS} short />);
    const button = screen.getByRole('button', {
      name: 'Wallet address 0x1765...Bb6F, click to copy',
    });
    expect(button.getAttribute('aria-label')).toContain(button.textContent);
    expect(button.getAttribute('title')).toBe(`Copy wallet address ${ADDRESS}`);
  });

  it('names a whole address by the whole address', () => {
    render(<WalletAddress address={ADDRESS} />);
    const button = screen.getByRole('button', { name: `Wallet address ${ADDRESS}, click to copy` });
    expect(button.getAttribute('aria-label')).toContain(button.textContent);
  });
});
