import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AMOUNT_MESSAGES,
  getsAmountSchema,
  MAX_UINT256,
  parseGetsAmount,
  toBaseUnits,
  unitsOfGets,
} from './amount.ts';
import { formatGets, getsForPeople, groupGetsDecimal } from './gets-text.ts';
import { TOKEN } from './constants.ts';

const UNIT = 10n ** 18n;
const messageOf = (input: unknown) =>
  getsAmountSchema.safeParse(input).error?.issues[0]?.message ?? null;

/** Any base-unit amount the chain accepts. */
const validUnits = fc.bigInt({ min: 1n, max: MAX_UINT256 });

describe('the GETS amount rule', () => {
  it('accepts every amount from 1 base unit to 2^256 - 1, written as a decimal, and reads it back exactly', () => {
    fc.assert(
      fc.property(validUnits, (units) => {
        const text = formatGets(units);
        expect(getsAmountSchema.parse(text)).toBe(text);
        expect(toBaseUnits(text)).toBe(units);
      }),
    );
  });

  it('keeps trailing zeros and leading zeros harmless', () => {
    fc.assert(
      fc.property(validUnits, fc.nat(5), fc.nat(5), (units, leading, trailing) => {
        const text = formatGets(units);
        const padded = `${'0'.repeat(leading)}${text}${text.includes('.') ? '0'.repeat(trailing) : ''}`;
        if ((padded.split('.')[1]?.length ?? 0) > 18) return;
        expect(toBaseUnits(padded)).toBe(units);
      }),
    );
  });

  it('refuses more than 18 decimals, whatever the digits', () => {
    fc.assert(
      fc.property(fc.nat(), fc.stringMatching(/^\d{19,40}$/), (whole, fraction) => {
        expect(messageOf(`${whole}.${fraction}`)).toBe(AMOUNT_MESSAGES.decimals);
      }),
    );
  });

  it('refuses zero in any spelling', () => {
    fc.assert(
      fc.property(fc.nat(20), fc.nat(18), (zeros, decimals) => {
        const text = `${'0'.repeat(zeros + 1)}${decimals ? `.${'0'.repeat(decimals)}` : ''}`;
        expect(messageOf(text)).toBe(AMOUNT_MESSAGES.zero);
      }),
    );
  });

  it('refuses anything above 2^256 - 1 base units', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: MAX_UINT256 + 1n, max: MAX_UINT256 * 1000n }), (units) => {
        expect(messageOf(formatGets(units))).toBe(AMOUNT_MESSAGES.tooLarge);
      }),
    );
    // The report that started this rule: "1" followed by 70 zeros.
    expect(messageOf(`1${'0'.repeat(70)}`)).toBe(AMOUNT_MESSAGES.tooLarge);
    expect(messageOf(formatGets(MAX_UINT256))).toBeNull();
  });

  it('refuses signs, exponents, hex, spaces and other characters anywhere', () => {
    const decorated = fc
      .tuple(
        validUnits.map((units) => formatGets(units)),
        fc.constantFrom('-', '+', 'e5', 'E-3', '0x', ' ', '\t', '\n', ',', '_', '..', 'Infinity'),
        fc.boolean(),
      )
      .map(([text, extra, before]) => (before ? `${extra}${text}` : `${text}${extra}`));
    fc.assert(
      fc.property(decorated, (text) => {
        expect(messageOf(text)).toBe(AMOUNT_MESSAGES.format);
      }),
    );
    for (const text of ['1e18', '0x10', '.5', '5.', 'NaN', '１２', '1 000']) {
      expect(messageOf(text)).toBe(AMOUNT_MESSAGES.format);
    }
  });

  it('refuses numbers, missing and empty values with their own messages', () => {
    expect(messageOf(12.5)).toBe(AMOUNT_MESSAGES.notText);
    expect(messageOf(1e21)).toBe(AMOUNT_MESSAGES.notText);
    expect(messageOf(undefined)).toBe(AMOUNT_MESSAGES.required);
    expect(messageOf('')).toBe(AMOUNT_MESSAGES.required);
    expect(messageOf(null)).toBe(AMOUNT_MESSAGES.notText);
  });

  it('never throws on arbitrary text: it answers a message or base units', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const checked = parseGetsAmount(text);
        if (checked.ok) {
          expect(checked.units).toBeGreaterThan(0n);
          expect(checked.units).toBeLessThanOrEqual(MAX_UINT256);
        } else {
          expect(Object.values(AMOUNT_MESSAGES)).toContain(checked.message);
        }
      }),
    );
  });

  it('formats base units without float rounding', () => {
    expect(formatGets(1n)).toBe('0.000000000000000001');
    expect(formatGets(12n * UNIT + UNIT / 2n)).toBe('12.5');
    expect(formatGets('100000000000000000000')).toBe('100');
    expect(formatGets(0n)).toBe('0');
    expect(formatGets(-UNIT)).toBe('-1');
  });
});

describe('unitsOfGets', () => {
  it('reads an answered GETS amount exactly, zero included', () => {
    expect(unitsOfGets('0')).toBe(0n);
    expect(unitsOfGets('12.5')).toBe(12_500_000_000_000_000_000n);
    expect(unitsOfGets('0.000000000000000001')).toBe(1n);
    expect(formatGets(unitsOfGets('1234.000000000000000009'))).toBe('1234.000000000000000009');
    for (const bad of ['', '-1', '1e3', '1.0000000000000000001', ' 1']) {
      expect(() => unitsOfGets(bad)).toThrow(RangeError);
    }
  });
});

describe('amounts written for people', () => {
  it('groups the thousands and keeps every decimal, even past what a float holds', () => {
    expect(groupGetsDecimal('1234567.125')).toBe('1,234,567.125');
    expect(groupGetsDecimal('999')).toBe('999');
    expect(groupGetsDecimal('-1000')).toBe('-1,000');
    expect(groupGetsDecimal('123456789012345678901.000000000000000001')).toBe(
      '123,456,789,012,345,678,901.000000000000000001',
    );
    expect(groupGetsDecimal('not a number')).toBe('not a number');
  });

  it('writes base units with the symbol', () => {
    expect(getsForPeople(1000n * UNIT + UNIT / 2n)).toBe('1,000.5 GETS');
    expect(getsForPeople('1')).toBe('0.000000000000000001 GETS');
  });

  it('reads back, once the separators are taken out, as the amount it wrote', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_UINT256 }), (units) => {
        const written = getsForPeople(units).replace(` ${TOKEN.symbol}`, '').replaceAll(',', '');
        expect(unitsOfGets(written)).toBe(units);
      }),
    );
  });
});
