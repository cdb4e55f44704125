import { describe, expect, it } from 'vitest';
import { toSerbianLatin, toSerbianLatinDeep } from './serbian-latin.ts';

describe('toSerbianLatin', () => {
  it('writes every Serbian Cyrillic letter as Serbian Latin', () => {
    expect(toSerbianLatin('абвгдђежзијклљмнњопрстћуфхцчџш')).toBe('abvgdđežzijklljmnnjoprstćufhcčdžš');
    expect(toSerbianLatin('АБВГДЂЕЖЗИЈКЛМНОПРСТЋУФХЦЧШ')).toBe('ABVGDĐEŽZIJKLMNOPRSTĆUFHCČŠ');
  });

  it('writes Љ, Њ, Џ as Lj, Nj, Dž in a word and as LJ, NJ, DŽ in capitals', () => {
    expect(toSerbianLatin('Љубав, Његош, Џем')).toBe('Ljubav, Njegoš, Džem');
    expect(toSerbianLatin('ЉУБАВ ЊЕГОШ ЏЕМ')).toBe('LJUBAV NJEGOŠ DŽEM');
    expect(toSerbianLatin('МЉ')).toBe('MLJ');
  });

  it('keeps Latin text, digits, emoji, placeholders and Russian-only letters as they are', () => {
    expect(toSerbianLatin('Ајвар 🫙 {{count}} kg, 1.200,50 RSD')).toBe('Ajvar 🫙 {{count}} kg, 1.200,50 RSD');
    expect(toSerbianLatin('Gazdinstvo Hodžić')).toBe('Gazdinstvo Hodžić');
  });

  it('translates the strings of a locale file and leaves the kept keys alone', () => {
    const file = { title: 'Почетна', languages: { sr: 'Српски' }, list: ['Мед', 2] };
    expect(toSerbianLatinDeep(file, new Set(['languages']))).toEqual({ title: 'Početna', languages: { sr: 'Српски' }, list: ['Med', 2] });
  });
});
