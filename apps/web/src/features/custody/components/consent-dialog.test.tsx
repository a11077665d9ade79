// The consent dialog: only the headline and the amounts are strong.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ConsentDialog } from './consent-dialog';

describe('the consent dialog', () => {
  it('sets the headline and each amount in strong type, the rest of the words in normal type', () => {
    render(
      <ConsentDialog
        open
        title="Publish badge"
        description="Escrow 1,000 GETS for 100 badges and pay the 9 GETS fee"
        expiresAt={new Date().toISOString()}
        submitting={false}
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Publish badge' }).className).toMatch(/font-bold/);
    const words = screen.getByTestId('consent-description');
    expect(words.textContent).toBe('Escrow 1,000 GETS for 100 badges and pay the 9 GETS fee');
    expect([...words.querySelectorAll('strong')].map((s) => s.textContent)).toEqual([
      '1,000 GETS',
      '9 GETS',
    ]);
    expect(words.parentElement?.className).toMatch(/font-normal/);
    expect(words.parentElement?.className).not.toMatch(/font-(semibold|bold)/);
  });
});
