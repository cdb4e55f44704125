/**
 * Serbian Latin (gajica) to Serbian Cyrillic, for printing a producer's Latin text in Cyrillic
 * (the labels' `script=cyrl`). The reverse of toSerbianLatin (./serbian-latin.ts), which is
 * exact; this way is a rule of thumb: the digraphs lj, nj, dž are read as one letter (љ, њ, џ),
 * and a word with a letter Serbian Latin does not have (q, w, x, y) is foreign and kept as written.
 * Cyrillic, digits and punctuation are kept.
 */
const SINGLE: Record<string, string> = {
  a: 'а', b: 'б', c: 'ц', č: 'ч', ć: 'ћ', d: 'д', đ: 'ђ', e: 'е', f: 'ф', g: 'г', h: 'х', i: 'и', j: 'ј', k: 'к',
  l: 'л', m: 'м', n: 'н', o: 'о', p: 'п', r: 'р', s: 'с', š: 'ш', t: 'т', u: 'у', v: 'в', z: 'з', ž: 'ж',
};
const DIGRAPHS: Record<string, string> = { lj: 'љ', nj: 'њ', dž: 'џ' };

function convertWord(word: string): string {
  if (/[qwxy]/i.test(word)) return word;
  let out = '';
  for (let i = 0; i < word.length; i++) {
    const two = word.slice(i, i + 2);
    const digraph = DIGRAPHS[two.toLowerCase()];
    if (digraph && two.length === 2) {
      out += two[0] === two[0]!.toLowerCase() ? digraph : digraph.toUpperCase();
      i++;
      continue;
    }
    const ch = word[i]!;
    const lower = SINGLE[ch.toLowerCase()];
    if (lower === undefined) out += ch;
    else out += ch === ch.toLowerCase() ? lower : lower.toUpperCase();
  }
  return out;
}

export function toSerbianCyrillic(text: string): string {
  return text.replace(/[\p{L}\p{M}]+/gu, convertWord);
}
