import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { OtpInput } from './otp-input';

function Harness() {
  const [value, setValue] = useState('');
  return (
    <>
      <OtpInput value={value} onChange={setValue} />
      <output>{value}</output>
    </>
  );
}

const box = (n: number) => screen.getByLabelText<HTMLInputElement>(`Digit ${n} of 6`);
const value = () => screen.getByRole('status').textContent;

describe('OtpInput', () => {
  it('names each box by the visible label above them and its place', () => {
    render(<OtpInput value="" onChange={() => undefined} />);
    expect(screen.getByText('One-time code')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'One-time code' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'One-time code Digit 1 of 6' })).toBe(box(1));
  });

  it('takes one digit per box, ignores anything else, and moves focus forward', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '4' } });
    expect(document.activeElement).toBe(box(2));
    fireEvent.change(box(2), { target: { value: 'x' } });
    expect(value()).toBe('4');
    fireEvent.change(box(2), { target: { value: '2' } });
    expect(value()).toBe('42');
    expect(box(1).value).toBe('4');
    expect(box(2).value).toBe('2');
    expect(document.activeElement).toBe(box(3));
  });

  it('fills every box from a paste, digits only', () => {
    render(<Harness />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => ' 12-34 56 ' } });
    expect(value()).toBe('123456');
    expect([1, 2, 3, 4, 5, 6].map((n) => box(n).value).join('')).toBe('123456');
  });

  it('Backspace on an empty box clears the previous one and moves back', () => {
    render(<Harness />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => '123' } });
    box(4).focus();
    fireEvent.keyDown(box(4), { key: 'Backspace' });
    expect(value()).toBe('12');
    expect(document.activeElement).toBe(box(3));
    fireEvent.keyDown(box(3), { key: 'Backspace' });
    expect(value()).toBe('1');
  });
});
