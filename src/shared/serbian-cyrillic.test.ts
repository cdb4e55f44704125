import { describe, expect, it } from 'vitest';
import { toSerbianCyrillic } from './serbian-cyrillic.ts';
import { toSerbianLatin } from './serbian-latin.ts';

describe('toSerbianCyrillic', () => {
  it('writes Serbian Latin in Cyrillic, digraphs as one letter', () => {
    expect(toSerbianCyrillic('Pčelinjak Jovanović')).toBe('Пчелињак Јовановић');
    expect(toSerbianCyrillic('Džem od malina, LJUTO, Ljubav')).toBe('Џем од малина, ЉУТО, Љубав');
    expect(toSerbianCyrillic('Domaći proizvod sa mog gazdinstva')).toBe('Домаћи производ са мог газдинства');
  });

  it('keeps Cyrillic, digits and foreign words', () => {
    expect(toSerbianCyrillic('Ајвар 720 g, Quince')).toBe('Ајвар 720 г, Quince');
  });

  it('round-trips through toSerbianLatin for Serbian words', () => {
    for (const word of ['Шљиве чачанска лепотица', 'Ђурђевак и џак', 'Њива']) {
      expect(toSerbianCyrillic(toSerbianLatin(word))).toBe(word);
    }
  });
});
