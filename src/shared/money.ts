/**
 * Money is integer para in the database and in arithmetic (1 RSD = 100 para);
 * the API carries RSD as a number with at most 2 decimals (DESIGN.md section 4).
 */
export type Para = number;

export function rsdToPara(rsd: number): Para {
  return Math.round(rsd * 100);
}

export function paraToRsd(para: Para): number {
  return para / 100;
}

/** True when the number has at most two decimals (checked on the para value, not by string). */
export function hasAtMostTwoDecimals(rsd: number): boolean {
  return Number.isFinite(rsd) && Math.abs(rsd * 100 - Math.round(rsd * 100)) < 1e-6;
}

export function sumPara(lines: ReadonlyArray<{ unitPricePara: Para; quantity: number }>): Para {
  return lines.reduce((total, line) => total + line.unitPricePara * line.quantity, 0);
}
