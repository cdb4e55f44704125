import { describe, expect, it } from 'vitest';
import { createProductBody, updateProductBody } from './products.ts';

describe('product bodies', () => {
  const form = { name: 'Багремов мед', description: '', price: 1200.5, unit: 'jar', category: 'honey', availability: true, featured: false, stock: null };

  it('what the product form sends (the parsed output) has no promoted: producers cannot set it', () => {
    const parsed = createProductBody.parse(form);
    expect(parsed).not.toHaveProperty('promoted');
    expect(Object.keys(parsed).sort()).toEqual(['allergens', 'availability', 'availableFrom', 'category', 'depositPercent', 'description', 'featured', 'ingredients', 'name', 'pieceWeight', 'preorderLimit', 'price', 'pricing', 'quantityStep', 'stock', 'storage', 'unit']);
  });

  it('a body naming promoted is refused, on create and on edit', () => {
    for (const schema of [createProductBody, updateProductBody]) {
      const result = schema.safeParse({ ...form, promoted: false });
      expect(result.success).toBe(false);
      expect(result.error!.issues).toEqual([expect.objectContaining({ code: 'unrecognized_keys', keys: ['promoted'] })]);
    }
  });

  it('stock is bounded as when it was an int4, may have 3 decimals; price to exact para', () => {
    expect(createProductBody.safeParse({ ...form, stock: 12.5, quantityStep: 0.5 }).success).toBe(true);
    expect(createProductBody.safeParse({ ...form, stock: 12.0005, quantityStep: 0.001 }).success).toBe(false);
    expect(createProductBody.safeParse({ ...form, stock: 12.5 }).success).toBe(false);
    expect(createProductBody.safeParse({ ...form, stock: 2_147_483_647 }).success).toBe(true);
    expect(createProductBody.safeParse({ ...form, stock: 2_147_483_648 }).success).toBe(false);
    expect(createProductBody.safeParse({ ...form, stock: -0 }).success).toBe(false);
    expect(createProductBody.safeParse({ ...form, price: 0.1 + 0.2 }).success).toBe(false);
    expect(createProductBody.safeParse({ ...form, price: 0.3 }).success).toBe(true);
  });
});
