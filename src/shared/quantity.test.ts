import { describe, expect, it } from 'vitest';
import { formatDecimalInput, parseDecimalInput } from './decimal-input.ts';
import { addQuantities, isMultipleOfStep, lineTotalPara, stepQuantity } from './quantity.ts';

describe('quantities', () => {
  it('checks multiples of the step on thousandths', () => {
    expect(isMultipleOfStep(1.5, 0.5)).toBe(true);
    expect(isMultipleOfStep(0.3, 0.1)).toBe(true);
    expect(isMultipleOfStep(0.75, 0.5)).toBe(false);
    expect(isMultipleOfStep(1.0005, 0.001)).toBe(false);
    expect(addQuantities(0.1, 0.2)).toBe(0.3);
    expect(stepQuantity(0.5, 0.5, -1)).toBe(0.5);
    expect(stepQuantity(0.5, 0.5, 1)).toBe(1);
  });

  it('rounds a line total half up to the para', () => {
    expect(lineTotalPara(33_333, 1.5)).toBe(50_000); // 49 999.5
    expect(lineTotalPara(33_333, 0.25)).toBe(8333); // 8333.25
    expect(lineTotalPara(45_050, 3)).toBe(135_150);
    expect(lineTotalPara(1, 0.5)).toBe(1);
  });
});

describe('numbers as typed', () => {
  it('reads the decimal comma in sr and ru and the point in en', () => {
    expect(parseDecimalInput('450,50', 'sr')).toBe(450.5);
    expect(parseDecimalInput('450,50', 'ru')).toBe(450.5);
    expect(parseDecimalInput('450.50', 'en')).toBe(450.5);
    expect(parseDecimalInput('1 500,5', 'sr')).toBe(1500.5);
    expect(parseDecimalInput('450,50', 'en')).toBeNull();
    expect(parseDecimalInput('450.50', 'sr')).toBeNull();
    expect(parseDecimalInput('', 'sr')).toBeNull();
    expect(parseDecimalInput('12abc', 'en')).toBeNull();
  });
});

describe('numbers written for an input field', () => {
  it('writes money to the para in the language\'s way, and reads it back to the same amount', () => {
    expect(formatDecimalInput(200.5, 'sr', { money: true })).toBe('200,50');
    expect(formatDecimalInput(200.5, 'sr-Latn', { money: true })).toBe('200,50');
    expect(formatDecimalInput(200.5, 'ru', { money: true })).toBe('200,50');
    expect(formatDecimalInput(200.5, 'en', { money: true })).toBe('200.50');
    expect(formatDecimalInput(200, 'sr', { money: true })).toBe('200');
    expect(formatDecimalInput(1250.05, 'en', { money: true })).toBe('1250.05');
    for (const lang of ['sr', 'en', 'ru']) expect(parseDecimalInput(formatDecimalInput(1250.5, lang, { money: true }), lang)).toBe(1250.5);
    // Other numbers (a weight, a step) as they are.
    expect(formatDecimalInput(1.25, 'sr')).toBe('1,25');
    expect(formatDecimalInput(0.5, 'en')).toBe('0.5');
  });
});
