import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Category, Unit } from '#shared/constants.ts';
import { productSearchKey } from '#shared/category-search.ts';
import { mulberry32 } from '#shared/random.ts';
import { searchKey } from '#shared/search-key.ts';

/**
 * Fills a migrated database with N producer households and M products with realistic Serbian
 * names (Cyrillic and Latin mixed, as real listings are), prices in para and search keys
 * computed by the app's own productSearchKey. Bulk INSERT … SELECT FROM unnest(...) in
 * batches, not HTTP: 100,000 products take a few seconds.
 *
 * Deterministic for a given seed, so runs are comparable.
 */

export interface GenerateOptions {
  households: number;
  products: number;
  /** Stock of every product: null = unlimited (the default). */
  stock?: number | null;
  seed?: number;
  /** Rows per INSERT. */
  batchSize?: number;
  /** Newest product's created_at (default now); older ones spread over a year before it. */
  now?: Date;
}

export interface GeneratedCatalog {
  householdIds: string[];
  productIds: string[];
  /** productIds[i] belongs to householdIds[productHousehold[i]]. */
  productHousehold: number[];
  ms: number;
}

/** mulberry32, seeded with a number: the bench's catalogues and baskets are the same on every run. */
export const prng = mulberry32;

const SURNAMES = [
  ['Петровић', 'Petrović'], ['Јовановић', 'Jovanović'], ['Николић', 'Nikolić'], ['Марковић', 'Marković'],
  ['Ђорђевић', 'Đorđević'], ['Стојановић', 'Stojanović'], ['Илић', 'Ilić'], ['Станковић', 'Stanković'],
  ['Павловић', 'Pavlović'], ['Милошевић', 'Milošević'], ['Јовић', 'Jović'], ['Тодоровић', 'Todorović'],
  ['Ђурић', 'Đurić'], ['Лазић', 'Lazić'], ['Радовановић', 'Radovanović'], ['Живковић', 'Živković'],
  ['Кнежевић', 'Knežević'], ['Вуковић', 'Vuković'], ['Симић', 'Simić'], ['Обрадовић', 'Obradović'],
  ['Цветковић', 'Cvetković'], ['Миленковић', 'Milenković'], ['Ристић', 'Ristić'], ['Матић', 'Matić'],
] as const;
const FIRST_NAMES = [
  ['Милан', 'Milan'], ['Драгана', 'Dragana'], ['Јелена', 'Jelena'], ['Зоран', 'Zoran'], ['Весна', 'Vesna'],
  ['Душан', 'Dušan'], ['Снежана', 'Snežana'], ['Бранко', 'Branko'], ['Гордана', 'Gordana'], ['Мирко', 'Mirko'],
  ['Љиљана', 'Ljiljana'], ['Никола', 'Nikola'], ['Ивана', 'Ivana'], ['Радомир', 'Radomir'], ['Даница', 'Danica'],
] as const;
const PLACES = [
  ['Шумадија', 'Šumadija'], ['Златибор', 'Zlatibor'], ['Ариље', 'Arilje'], ['Чачак', 'Čačak'], ['Ваљево', 'Valjevo'],
  ['Лесковац', 'Leskovac'], ['Пирот', 'Pirot'], ['Сомбор', 'Sombor'], ['Нови Сад', 'Novi Sad'], ['Крагујевац', 'Kragujevac'],
  ['Ужице', 'Užice'], ['Топола', 'Topola'], ['Ниш', 'Niš'], ['Сремски Карловци', 'Sremski Karlovci'], ['Голубац', 'Golubac'],
] as const;
const HOUSEHOLD_PATTERNS = [
  (s: string, p: string, cyr: boolean) => (cyr ? `Домаћинство ${s}` : `Domaćinstvo ${s}`) + ` — ${p}`,
  (s: string, p: string, cyr: boolean) => (cyr ? `Газдинство ${s}` : `Gazdinstvo ${s}`) + `, ${p}`,
  (s: string, _p: string, cyr: boolean) => (cyr ? `Салаш ${s}` : `Salaš ${s}`),
  (s: string, p: string, cyr: boolean) => (cyr ? `Породица ${s} из места ${p}` : `Porodica ${s} iz mesta ${p}`),
];

/** Grammatical gender of the name: masculine, feminine, neuter, plural (adjectives agree). */
type Gender = 'm' | 'f' | 'n' | 'p';
interface ProductKind { cyr: string; lat: string; gender: Gender; category: Category; unit: Unit; minRsd: number; maxRsd: number }
const KINDS: ProductKind[] = [
  { cyr: 'ајвар', lat: 'ajvar', gender: 'm', category: 'preserves', unit: 'jar', minRsd: 450, maxRsd: 1200 },
  { cyr: 'пинђур', lat: 'pinđur', gender: 'm', category: 'preserves', unit: 'jar', minRsd: 400, maxRsd: 900 },
  { cyr: 'џем од кајсије', lat: 'džem od kajsije', gender: 'm', category: 'preserves', unit: 'jar', minRsd: 350, maxRsd: 800 },
  { cyr: 'слатко од шљива', lat: 'slatko od šljiva', gender: 'n', category: 'preserves', unit: 'jar', minRsd: 400, maxRsd: 900 },
  { cyr: 'туршија', lat: 'turšija', gender: 'f', category: 'preserves', unit: 'jar', minRsd: 300, maxRsd: 700 },
  { cyr: 'багремов мед', lat: 'bagremov med', gender: 'm', category: 'honey', unit: 'jar', minRsd: 900, maxRsd: 1800 },
  { cyr: 'ливадски мед', lat: 'livadski med', gender: 'm', category: 'honey', unit: 'jar', minRsd: 800, maxRsd: 1600 },
  { cyr: 'мед са саћем', lat: 'med sa saćem', gender: 'm', category: 'honey', unit: 'jar', minRsd: 1200, maxRsd: 2400 },
  { cyr: 'липов мед', lat: 'lipov med', gender: 'm', category: 'honey', unit: 'jar', minRsd: 900, maxRsd: 1700 },
  { cyr: 'кајмак', lat: 'kajmak', gender: 'm', category: 'dairy', unit: 'kg', minRsd: 1200, maxRsd: 2200 },
  { cyr: 'сир из кришке', lat: 'sir iz kriške', gender: 'm', category: 'dairy', unit: 'kg', minRsd: 700, maxRsd: 1400 },
  { cyr: 'козји сир', lat: 'kozji sir', gender: 'm', category: 'dairy', unit: 'kg', minRsd: 1400, maxRsd: 2600 },
  { cyr: 'млеко', lat: 'mleko', gender: 'n', category: 'dairy', unit: 'l', minRsd: 90, maxRsd: 180 },
  { cyr: 'кисело млеко', lat: 'kiselo mleko', gender: 'n', category: 'dairy', unit: 'l', minRsd: 120, maxRsd: 250 },
  { cyr: 'пршута', lat: 'pršuta', gender: 'f', category: 'meat', unit: 'kg', minRsd: 2800, maxRsd: 4500 },
  { cyr: 'кобасица', lat: 'kobasica', gender: 'f', category: 'meat', unit: 'kg', minRsd: 1100, maxRsd: 1900 },
  { cyr: 'сланина', lat: 'slanina', gender: 'f', category: 'meat', unit: 'kg', minRsd: 1000, maxRsd: 1800 },
  { cyr: 'чварци', lat: 'čvarci', gender: 'p', category: 'meat', unit: 'kg', minRsd: 1500, maxRsd: 2600 },
  { cyr: 'малине', lat: 'maline', gender: 'p', category: 'fruit', unit: 'kg', minRsd: 350, maxRsd: 700 },
  { cyr: 'јабуке', lat: 'jabuke', gender: 'p', category: 'fruit', unit: 'kg', minRsd: 80, maxRsd: 180 },
  { cyr: 'шљиве', lat: 'šljive', gender: 'p', category: 'fruit', unit: 'kg', minRsd: 100, maxRsd: 220 },
  { cyr: 'купине', lat: 'kupine', gender: 'p', category: 'fruit', unit: 'kg', minRsd: 300, maxRsd: 650 },
  { cyr: 'парадајз', lat: 'paradajz', gender: 'm', category: 'vegetables', unit: 'kg', minRsd: 120, maxRsd: 300 },
  { cyr: 'паприка', lat: 'paprika', gender: 'f', category: 'vegetables', unit: 'kg', minRsd: 150, maxRsd: 350 },
  { cyr: 'кромпир', lat: 'krompir', gender: 'm', category: 'vegetables', unit: 'kg', minRsd: 60, maxRsd: 140 },
  { cyr: 'бели лук', lat: 'beli luk', gender: 'm', category: 'vegetables', unit: 'kg', minRsd: 400, maxRsd: 900 },
  { cyr: 'ракија шљивовица', lat: 'rakija šljivovica', gender: 'f', category: 'other', unit: 'l', minRsd: 1200, maxRsd: 2500 },
  { cyr: 'домаћа јаја', lat: 'domaća jaja', gender: 'f', category: 'other', unit: 'pc', minRsd: 20, maxRsd: 40 },
  { cyr: 'хлеб из пећи', lat: 'hleb iz peći', gender: 'm', category: 'other', unit: 'pc', minRsd: 150, maxRsd: 300 },
  { cyr: 'погача', lat: 'pogača', gender: 'f', category: 'other', unit: 'pc', minRsd: 250, maxRsd: 500 },
];
const ADJECTIVES: ReadonlyArray<Record<Gender, readonly [cyr: string, lat: string]>> = [
  { m: ['Домаћи', 'Domaći'], f: ['Домаћа', 'Domaća'], n: ['Домаће', 'Domaće'], p: ['Домаће', 'Domaće'] },
  { m: ['Бакин', 'Bakin'], f: ['Бакина', 'Bakina'], n: ['Бакино', 'Bakino'], p: ['Бакине', 'Bakine'] },
  { m: ['Сеоски', 'Seoski'], f: ['Сеоска', 'Seoska'], n: ['Сеоско', 'Seosko'], p: ['Сеоске', 'Seoske'] },
  { m: ['Љути', 'Ljuti'], f: ['Љута', 'Ljuta'], n: ['Љуто', 'Ljuto'], p: ['Љуте', 'Ljute'] },
  { m: ['Органски', 'Organski'], f: ['Органска', 'Organska'], n: ['Органско', 'Organsko'], p: ['Органске', 'Organske'] },
  { m: ['Свежи', 'Sveži'], f: ['Свежа', 'Sveža'], n: ['Свеже', 'Sveže'], p: ['Свеже', 'Sveže'] },
  { m: ['Планински', 'Planinski'], f: ['Планинска', 'Planinska'], n: ['Планинско', 'Planinsko'], p: ['Планинске', 'Planinske'] },
  { m: ['Традиционални', 'Tradicionalni'], f: ['Традиционална', 'Tradicionalna'], n: ['Традиционално', 'Tradicionalno'], p: ['Традиционалне', 'Tradicionalne'] },
] as const;
const DESCRIPTIONS = [
  ['Прављено по породичном рецепту, без конзерванса.', 'Pravljeno po porodičnom receptu, bez konzervansa.'],
  ['Са нашег имања, убрано и спремљено ручно.', 'Sa našeg imanja, ubrano i spremljeno ručno.'],
  ['Мале количине, само док траје сезона.', 'Male količine, samo dok traje sezona.'],
] as const;

const capitalize = (s: string) => s.charAt(0).toLocaleUpperCase('sr') + s.slice(1);

/** One product's name: "Домаћи ајвар", "Ljuti ajvar (Leskovac)", "Ливадски мед 900 g"… */
export function productName(rand: () => number, kind: ProductKind, place: string, cyr: boolean): string {
  const base = cyr ? kind.cyr : kind.lat;
  const r = rand();
  if (r < 0.45 && !base.startsWith('домаћ') && !base.startsWith('domać')) {
    const adj = ADJECTIVES[Math.floor(rand() * ADJECTIVES.length)]![kind.gender];
    return `${cyr ? adj[0] : adj[1]} ${base}`;
  }
  if (r < 0.7) return `${capitalize(base)} (${place})`;
  if (kind.unit === 'jar') return `${capitalize(base)} ${[370, 580, 720, 900][Math.floor(rand() * 4)]} g`;
  return capitalize(base);
}

async function insertUnnest(pool: pg.Pool, table: string, columns: Array<[name: string, type: string]>, rows: unknown[][]): Promise<void> {
  const names = columns.map(([n]) => n).join(', ');
  const params = columns.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ');
  const values = columns.map((_, i) => rows.map((r) => r[i]));
  await pool.query(`INSERT INTO ${table} (${names}) SELECT * FROM unnest(${params})`, values);
}

export async function generateCatalog(pool: pg.Pool, options: GenerateOptions): Promise<GeneratedCatalog> {
  const started = performance.now();
  const rand = prng(options.seed ?? 42);
  const batch = options.batchSize ?? 5000;
  const now = (options.now ?? new Date()).getTime();
  const stock = options.stock ?? null;
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const tag = randomUUID().slice(0, 8);

  // Producers first: households.id = users.id.
  const householdIds: string[] = [];
  const householdNames: string[] = [];
  const householdPlaces: string[] = [];
  const userRows: unknown[][] = [];
  const householdRows: unknown[][] = [];
  for (let i = 0; i < options.households; i += 1) {
    const id = randomUUID();
    const cyr = rand() < 0.6;
    const surname = pick(SURNAMES);
    const first = pick(FIRST_NAMES);
    const place = pick(PLACES);
    const s = cyr ? surname[0] : surname[1];
    const p = cyr ? place[0] : place[1];
    const name = pick(HOUSEHOLD_PATTERNS)(s, p, cyr);
    const joined = new Date(now - 400 * 86_400_000 - Math.floor(rand() * 400 * 86_400_000));
    householdIds.push(id);
    householdNames.push(name);
    householdPlaces.push(p);
    // Confirmed: only confirmed producers are public (src/server/db/read-models.ts).
    userRows.push([id, `bench-${tag}-producer-${i}@bench.domace.test`, '!bench-no-login', `${cyr ? first[0] : first[1]} ${s}`, 'producer', p, joined, joined]);
    householdRows.push([id, name, cyr ? pick(DESCRIPTIONS)[0] : pick(DESCRIPTIONS)[1], p, 1 + Math.floor(rand() * 4000) / 1000, Math.floor(rand() * 60), searchKey(name, p), joined]);
  }
  for (let i = 0; i < userRows.length; i += batch) {
    await insertUnnest(pool, 'users', [['id', 'uuid'], ['email', 'text'], ['password_hash', 'text'], ['name', 'text'], ['user_type', 'text'], ['location', 'text'], ['created_at', 'timestamptz'], ['confirmed_at', 'timestamptz']], userRows.slice(i, i + batch));
    await insertUnnest(pool, 'households', [['id', 'uuid'], ['name', 'text'], ['description', 'text'], ['location', 'text'], ['rating', 'float8'], ['review_count', 'int4'], ['search_key', 'text'], ['created_at', 'timestamptz']], householdRows.slice(i, i + batch));
  }

  const productIds: string[] = [];
  const productHousehold: number[] = [];
  const columns: Array<[string, string]> = [
    ['id', 'uuid'], ['household_id', 'uuid'], ['name', 'text'], ['description', 'text'], ['price_para', 'int8'],
    ['unit', 'text'], ['category', 'text'], ['availability', 'bool'], ['featured', 'bool'], ['promoted', 'bool'],
    ['stock', 'int4'], ['rating', 'float8'], ['review_count', 'int4'], ['search_key', 'text'], ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'],
  ];
  let rows: unknown[][] = [];
  const yearMs = 365 * 86_400_000;
  for (let i = 0; i < options.products; i += 1) {
    const id = randomUUID();
    const h = i < options.households ? i : Math.floor(rand() * options.households); // every household gets at least one
    const kind = pick(KINDS);
    const cyr = rand() < 0.55;
    const name = productName(rand, kind, householdPlaces[h]!, cyr);
    // Whole dinars, ending in 0 mostly, as people price things.
    const rsd = Math.round((kind.minRsd + rand() * (kind.maxRsd - kind.minRsd)) / 10) * 10;
    const createdAt = new Date(now - Math.floor(rand() * yearMs));
    const reviews = rand() < 0.4 ? 1 + Math.floor(rand() * 30) : 0;
    productIds.push(id);
    productHousehold.push(h);
    rows.push([
      id, householdIds[h], name, cyr ? pick(DESCRIPTIONS)[0] : pick(DESCRIPTIONS)[1], rsd * 100,
      kind.unit, kind.category, rand() < 0.97, rand() < 0.05, rand() < 0.03,
      stock, reviews ? Math.round((3 + rand() * 2) * 10) / 10 : 0, reviews,
      productSearchKey(name, householdNames[h]!, kind.category), createdAt, createdAt,
    ]);
    if (rows.length === batch) {
      await insertUnnest(pool, 'products', columns, rows);
      rows = [];
    }
  }
  if (rows.length) await insertUnnest(pool, 'products', columns, rows);
  await pool.query('ANALYZE users, households, products');
  return { householdIds, productIds, productHousehold, ms: performance.now() - started };
}
