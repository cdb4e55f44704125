import type { Product } from '#shared/contracts/products.ts';
import { useTranslation } from '#web/lib/translate.tsx';

/** Ingredients with every named allergen in bold, allergens not named after "Contains", and storage (as on the printed label). */
export function ProductLabelInfo({ product: p }: { product: Product }) {
  const { t } = useTranslation('papers');
  if (!p.ingredients && p.allergens.length === 0 && !p.storage) return null;
  const parts: Array<{ text: string; bold: boolean }> = [];
  const missing: string[] = [];
  if (p.ingredients) {
    const lower = p.ingredients.toLocaleLowerCase();
    const marks = new Array<boolean>(p.ingredients.length).fill(false);
    for (const a of p.allergens) {
      const needle = a.toLocaleLowerCase();
      let found = false;
      for (let at = lower.indexOf(needle); needle && at !== -1; at = lower.indexOf(needle, at + needle.length)) {
        marks.fill(true, at, at + needle.length);
        found = true;
      }
      if (!found) missing.push(a);
    }
    let start = 0;
    for (let i = 1; i <= p.ingredients.length; i++) {
      if (i === p.ingredients.length || marks[i] !== marks[start]) {
        parts.push({ text: p.ingredients.slice(start, i), bold: marks[start] === true });
        start = i;
      }
    }
  } else {
    missing.push(...p.allergens);
  }
  return (
    <div className="grid gap-1 text-sm">
      {p.ingredients ? (
        <p><span className="font-medium">{t('product.ingredients')}: </span>{parts.map((part, i) => (part.bold ? <strong key={i}>{part.text}</strong> : <span key={i}>{part.text}</span>))}</p>
      ) : null}
      {missing.length ? <p><span className="font-medium">{t('product.contains')}: </span><strong>{missing.join(', ')}</strong></p> : null}
      {p.storage ? <p><span className="font-medium">{t('product.storage')}: </span>{p.storage}</p> : null}
    </div>
  );
}
