import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { model97Reference, model97ReferenceOf } from '#shared/ips.ts';
import { AppError } from '../../lib/errors.ts';
import { decodeStatement, detectDelimiter, parseAmountPara, parseCsv, readStatement } from './statement.ts';

/** Bank statements as CSV (docs/payments.md): bytes, separators, quotes, amounts, references. */

const codeOf = (fn: () => unknown) => {
  try { fn(); } catch (err) { return err instanceof AppError ? `${err.statusCode} ${err.code}` : String(err); }
  return 'no error';
};

describe('amounts to para, by digits', () => {
  it.each([
    ['1.234,50', 123_450], ['1234,50', 123_450], ['1 234,50', 123_450], ['1\u00a0234,50', 123_450], ['1,234.50', 123_450],
    ['1234.50', 123_450], ['1234,5', 123_400 + 50], ['1234', 123_400], ['0,01', 1], ['0,1', 10], ['1.234.567,89', 123_456_789],
    ['1,234,567.89', 123_456_789], ['1.234', 123_400], ['1,234', 123_400], ['450,50 RSD', 45_050], ['RSD 450,50', 45_050], ['+450,50', 45_050],
    ['-450,50', -45_050], ['(450,50)', -45_050], ['0,29', 29], ['1,10', 110], ['4,35', 435],
  ])('%s -> %d para', (text, para) => {
    expect(parseAmountPara(text)).toBe(para);
  });

  it.each(['', 'abc', '=1+1', '@SUM(A1)', '1234,567', '12,34,56', '1.234,567', '1,2.3', '12.', ',50', '1e5', '1.23.4,00', '12345678901234'])('%j is not an amount', (text) => {
    expect(parseAmountPara(text)).toBeNull();
  });

  it('never goes through a float: 0,29, 1,15, 4,35 and 1.005,07 are exact', () => {
    // 0.29 * 100 = 28.999999999999996 and 1.15 * 100 = 114.99999999999999 as floats.
    expect([parseAmountPara('0,29'), parseAmountPara('1,15'), parseAmountPara('4,35'), parseAmountPara('1.005,07')]).toEqual([29, 115, 435, 100_507]);
  });
});

describe('model 97 references as statements print them', () => {
  const ref = model97Reference('100001');
  it('with or without the model, spaces, dashes, brackets', () => {
    const check = ref.slice(2, 4);
    for (const text of [ref, `97 ${check} 100001`, `97-${check}-100001`, `(97) ${check}100001`, `97 ${check}100001`, `${check}100001`, `${check} 100001`, ` ${ref} `]) {
      expect(model97ReferenceOf(text), text).toBe('100001');
    }
  });

  it('wrong check digits, letters, formulas are no reference', () => {
    const wrong = String((Number(ref.slice(2, 4)) + 1) % 100).padStart(2, '0');
    for (const text of [`97${wrong}100001`, 'abc', '=97' + ref, '+381641234567', '', '97', 'Porudžbina 100001']) {
      expect(model97ReferenceOf(text), text).toBeNull();
    }
  });
});

describe('bytes to text', () => {
  const names = 'Datum;Iznos;Platilac;Poziv na broj\n01.06.2030;1.234,50;Čedomir Ćirić, Šabac, Žabalj, Đurđevo;97 12 100001\n';

  it('UTF-8 with and without a BOM', () => {
    expect(decodeStatement(Buffer.from(names, 'utf8'))).toEqual({ text: names, encoding: 'utf-8' });
    expect(decodeStatement(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(names, 'utf8')]))).toEqual({ text: names, encoding: 'utf-8' });
  });

  it('Windows-1250 (not valid UTF-8) with č ć š ž đ in the payer', () => {
    const bytes = iconv.encode(names, 'windows-1250');
    expect(bytes.equals(Buffer.from(names, 'utf8'))).toBe(false);
    const read = decodeStatement(bytes);
    expect(read.encoding).toBe('windows-1250');
    expect(read.text).toBe(names);
    expect(readStatement(bytes).rows[0]!.payer).toBe('Čedomir Ćirić, Šabac, Žabalj, Đurđevo');
  });

  it('UTF-16 and binary files are refused as not text (400)', () => {
    expect(codeOf(() => decodeStatement(iconv.encode(`\ufeff${names}`, 'utf16le')))).toBe('400 statement.not_text');
    expect(codeOf(() => decodeStatement(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])))).toBe('400 statement.not_text');
  });
});

describe('records', () => {
  it('the separator of the header: semicolon, comma or tab', () => {
    expect(detectDelimiter('Datum;Iznos;Platilac;Poziv na broj\n1,5;2,5')).toBe(';');
    expect(detectDelimiter('date,amount,payer,reference\n')).toBe(',');
    expect(detectDelimiter('date\tamount\tpayer\treference\n')).toBe('\t');
    expect(detectDelimiter('"a;b",c,d\n')).toBe(',');
  });

  it('quoted cells hold separators, quotes and line breaks; lines are counted', () => {
    const text = 'a,b,c\r\n"x, y","he said ""hi""","two\nlines"\r\n\r\nplain,"",last\n';
    expect(parseCsv(text, ',')).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['x, y', 'he said "hi"', 'two\nlines'] },
      { line: 5, cells: ['plain', '', 'last'] },
    ]);
  });

  it('a quote that never ends is 400, saying where', () => {
    expect(codeOf(() => parseCsv('a,b\n"open,c\n', ','))).toBe('400 statement.unreadable');
  });
});

describe('a whole statement', () => {
  it('semicolons, decimal comma and thousands, Serbian headers in any order', () => {
    const s = readStatement(Buffer.from('Poziv na broj;Naziv platioca;Datum valute;Iznos\n"97 12 100001";Петар Петровић;01.06.2030;"1.234,50"\n', 'utf8'));
    expect(s.delimiter).toBe(';');
    expect(s.columns).toEqual({ date: 'Datum valute', amount: 'Iznos', payer: 'Naziv platioca', reference: 'Poziv na broj' });
    expect(s.rows).toEqual([{ line: 2, date: '01.06.2030', amountPara: 123_450, payer: 'Петар Петровић', reference: '97 12 100001' }]);
  });

  it('commas with decimal points, English headers; Cyrillic headers', () => {
    expect(readStatement(Buffer.from('Date,Amount,Payer,Reference\n2030-06-01,"1,234.50",Ana,9712100001\n')).rows[0]).toMatchObject({ amountPara: 123_450, reference: '9712100001' });
    expect(readStatement(Buffer.from('Датум;Износ;Уплатилац;Позив на број\n01.06.2030;450,50;Ана;97 12 100001\n')).rows[0]).toMatchObject({ amountPara: 45_050, payer: 'Ана' });
  });

  it('an unknown header of four columns: date, amount, payer, reference by place', () => {
    const s = readStatement(Buffer.from('A;B;C;D\n01.06.2030;450,50;Ana;97 12 100001\n'));
    expect(s.columns).toEqual({ date: '#1', amount: '#2', payer: '#3', reference: '#4' });
    expect(s.rows[0]).toMatchObject({ amountPara: 45_050, reference: '97 12 100001' });
  });

  it('debit and credit columns: the credit is the amount; a debit row has none', () => {
    const s = readStatement(Buffer.from('Datum;Duguje;Potražuje;Nalogodavac;Model;Poziv na broj\n01.06.2030;;450,50;Ana;97;12100001\n01.06.2030;100,00;;Banka;;\n'));
    expect(s.columns.amount).toBe('Potražuje');
    expect(s.rows.map((r) => [r.amountPara, r.reference])).toEqual([[45_050, '97 12100001'], [null, '']]);
  });

  it('"Iznos duguje" and "Iznos potražuje": the credit one, whatever the order', () => {
    const s = readStatement(Buffer.from('Datum;Iznos duguje;Iznos potražuje;Naziv;Poziv na broj odobrenja\n01.06.2030;;1.100,00;Ana;97 12 100001\n'));
    expect(s.columns).toMatchObject({ amount: 'Iznos potražuje', payer: 'Naziv', reference: 'Poziv na broj odobrenja' });
    expect(s.rows[0]!.amountPara).toBe(110_000);
    expect(readStatement(Buffer.from('Iznos (duguje);Iznos;Poziv na broj\n5,00;7,00;97 12 100001\n')).rows[0]!.amountPara).toBe(700);
    expect(readStatement(Buffer.from('Platilac/Primalac;Iznos (RSD);Poziv na broj:\nAna;7,00;97 12 100001\n')).columns).toEqual({ date: null, payer: 'Platilac/Primalac', amount: 'Iznos (RSD)', reference: 'Poziv na broj:' });
  });

  it('formula-looking cells are kept as text, never evaluated', () => {
    const s = readStatement(Buffer.from('Datum;Iznos;Platilac;Poziv na broj\n=NOW();=1+1;=HYPERLINK("http://x","y");@SUM(A1)\n+1;-5;-cmd|calc;+97 12 100001\n'));
    expect(s.rows).toEqual([
      { line: 2, date: '=NOW()', amountPara: null, payer: '=HYPERLINK("http://x","y")', reference: '@SUM(A1)' },
      { line: 3, date: '+1', amountPara: null, payer: '-cmd|calc', reference: '+97 12 100001' },
    ]);
  });

  it('nothing readable is 400: empty, only a header, garbage, no amount or reference column', () => {
    for (const text of ['', '   \n\n', 'Datum;Iznos;Platilac;Poziv na broj\n', 'hello world', 'Datum;Iznos\n1;2\n', 'a;b;c;d\nx;y;;\n']) {
      expect(codeOf(() => readStatement(Buffer.from(text))), JSON.stringify(text)).toBe('400 statement.unreadable');
    }
  });
});
