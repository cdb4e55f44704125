import type { Category } from './constants.ts';
import { searchKey } from './search-key.ts';

/**
 * Category names in sr (Cyrillic and Latin), en and ru, folded into every product's search
 * key (docs/architecture.md, Search) so "med", "honey" and "мёд" all find honey. "Zimnitza" is the
 * spelling the product texts used first, kept as an alias.
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

/**
 * The stored search key of a product: its name, its household's name and town (so "Leskovac"
 * finds what is made there) and its category words.
 */
export function productSearchKey(name: string, householdName: string, category: Category, householdLocation = ''): string {
  return searchKey(name, householdName, householdLocation, CATEGORY_SEARCH_WORDS[category]);
}
