/**
 * Money is integer para in the database and in arithmetic (1 RSD = 100 para);
 * the API carries RSD as a number with at most 2 decimals (docs/architecture.md, Data model).
 */
export type Para = number;

export function rsdToPara(rsd: number): Para {
  return Math.round(rsd * 100);
}

export function paraToRsd(para: Para): number {
  return para / 100;
}

/**
 * True when the number has at most two decimals: it is exactly the double nearest to a whole
 * number of para divided by 100 (what "12.34" parses to), so 12.34 passes and 12.345 or
 * 10.0000001 do not (no silent rounding). Checked on numbers, not by string.
 */
export function hasAtMostTwoDecimals(rsd: number): boolean {
  return Number.isFinite(rsd) && Math.round(rsd * 100) / 100 === rsd;
}

export function sumPara(lines: ReadonlyArray<{ unitPricePara: Para; quantity: number }>): Para {
  return lines.reduce((total, line) => total + line.unitPricePara * line.quantity, 0);
}
