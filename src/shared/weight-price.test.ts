import { describe, expect, it } from 'vitest';
import {
  estimatePara, estimatedGrams, finalPara, isEstimateLine, isValidLineWeight, linePricePara, needsConsent, toGrams, weighedPara,
} from './weight-price.ts';

describe('weight pricing', () => {
  it('rounds weights half up to the gram', () => {
    expect(toGrams(1.2)).toBe(1200);
    expect(toGrams(1.2345)).toBe(1235);
    expect(toGrams(1.2344)).toBe(1234);
    expect(toGrams(0.0005)).toBe(1);
    expect(toGrams(0.0004)).toBe(0);
    // 0.1 + 0.2 kg is 300 g, not 300.00000000000006.
    expect(toGrams(0.1 + 0.2)).toBe(300);
  });

  it('estimates pieces × piece weight to the gram', () => {
    expect(estimatedGrams(1, 1.2)).toBe(1200);
    expect(estimatedGrams(3, 0.45)).toBe(1350);
    // Half a piece of 0.015 kg is 7.5 g: half up to 8 g.
    expect(estimatedGrams(0.5, 0.015)).toBe(8);
  });

  it('rounds money half up to the para', () => {
    // 1 400 RSD/kg × 1.2 kg = 1 680,00 RSD.
    expect(estimatePara(140_000, 1, 1.2)).toBe(168_000);
    expect(finalPara(140_000, 1.234)).toBe(172_760);
    // 0,05 RSD per kg × 10 g = 0,05 para: half a para rounds up to 1.
    expect(weighedPara(5, 100)).toBe(1);
    expect(weighedPara(5, 99)).toBe(0);
    // 1 RSD/kg × 1 g = 0,1 para -> 0; × 5 g = 0,5 para -> 1.
    expect(weighedPara(100, 1)).toBe(0);
    expect(weighedPara(100, 5)).toBe(1);
  });

  it('asks for consent only above 15 %', () => {
    // Exactly 15 % above: no consent needed.
    expect(needsConsent(168_000, 193_200)).toBe(false);
    // One para more: the buyer decides.
    expect(needsConsent(168_000, 193_201)).toBe(true);
    expect(needsConsent(100, 115)).toBe(false);
    expect(needsConsent(100, 116)).toBe(true);
    // Less than the estimate never asks.
    expect(needsConsent(168_000, 100_000)).toBe(false);
  });

  it('checks weights: above 0, at most 10 t, grams at most', () => {
    expect(isValidLineWeight(1.234)).toBe(true);
    expect(isValidLineWeight(0.001)).toBe(true);
    expect(isValidLineWeight(0)).toBe(false);
    expect(isValidLineWeight(-1)).toBe(false);
    expect(isValidLineWeight(1.2345)).toBe(false);
    expect(isValidLineWeight(10_000.001)).toBe(false);
    expect(isValidLineWeight(Number.NaN)).toBe(false);
    expect(isValidLineWeight(Number.POSITIVE_INFINITY)).toBe(false);
  });

  it('prices a line: unit, estimate, weighed', () => {
    expect(linePricePara({ unitPricePara: 45_050, quantity: 1.5 })).toBe(67_575);
    const wheel = { pricing: 'weight' as const, unitPricePara: 140_000, quantity: 2, pieceWeight: 1.2 };
    expect(isEstimateLine(wheel)).toBe(true);
    expect(linePricePara(wheel)).toBe(336_000);
    expect(isEstimateLine({ ...wheel, weight: 2.5 })).toBe(false);
    expect(linePricePara({ ...wheel, weight: 2.5 })).toBe(350_000);
  });
});
