import { describe, expect, it } from 'vitest';
import { searchKey } from './search-key.ts';

describe('searchKey', () => {
  it('transliterates Serbian Cyrillic and drops diacritics', () => {
    expect(searchKey('Мед')).toBe('med');
    expect(searchKey('Зимница')).toBe('zimnica');
    expect(searchKey('Voće')).toBe('voce');
    expect(searchKey('Ђурђевак')).toBe('durdevak');
    expect(searchKey('Љубичица Њива Џем')).toBe('ljubicica njiva dzem');
    expect(searchKey('Šljiva, Žuta; čaj—ćup!')).toBe('sljiva zuta caj cup');
  });

  it('joins the parts and skips empty ones', () => {
    expect(searchKey('Ајвар', null, undefined, 'Домаћинство Петровић')).toBe('ajvar domacinstvo petrovic');
  });

  it('keeps Russian words searchable', () => {
    expect(searchKey('Мёд')).toBe('med');
    expect(searchKey('Молочные продукты')).toBe('molocnye produkty');
  });
});
