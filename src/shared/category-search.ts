import type { Category } from './constants.ts';
import { searchKey } from './search-key.ts';

/**
 * Category names in sr (Cyrillic and Latin), en and ru, folded into every product's search
 * key (DESIGN.md section 6a) so "med", "honey" and "мёд" all find honey. "Zimnitza" is the
 * spec's spelling, kept as an alias.
 */
export const CATEGORY_SEARCH_WORDS: Record<Category, string> = {
  fruit: 'Воће Voće Fruit Фрукты',
  vegetables: 'Поврће Povrće Vegetables Овощи',
  dairy: 'Млеко Mleko Dairy Milk Молочные',
  honey: 'Мед Med Honey Мёд',
  preserves: 'Зимница Zimnica Zimnitza Preserves Заготовки',
  meat: 'Месо Meso Meat Мясо',
  other: 'Остало Ostalo Other Другое',
};

/** The stored search key of a product: its name, its household's name and its category words. */
export function productSearchKey(name: string, householdName: string, category: Category): string {
  return searchKey(name, householdName, CATEGORY_SEARCH_WORDS[category]);
}
