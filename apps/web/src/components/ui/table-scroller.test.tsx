import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { TableScroller } from './table-scroller';

describe('TableScroller', () => {
  it('is a named region in the Tab order, so its table can be scrolled from the keyboard', () => {
    render(
      <TableScroller label="Stakes table">
        <table>
          <tbody>
            <tr>
              <td>0x1234</td>
            </tr>
          </tbody>
        </table>
      </TableScroller>,
    );
    const region = screen.getByRole('region', { name: 'Stakes table' });
    expect(region.tabIndex).toBe(0);
    region.focus();
    expect(document.activeElement).toBe(region);
    expect(region.contains(screen.getByRole('table'))).toBe(true);
  });
});
