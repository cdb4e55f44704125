import type { Category, OrderStatus, Unit } from '#shared/constants.ts';
import type { ProductArt, Scene } from './images.ts';
import type { StoredLegal } from '../schema.ts';

/**
 * The Serbian sample data: eight households in real towns with their specialities, their
 * products, a handful of buyers and what those buyers wrote. Names are written as the sellers
 * themselves would, some in Cyrillic and some in Latin.
 */

/** Every demo account shares this password (listed in the README). */
export const DEMO_PASSWORD = 'domace-demo';

/** The demo operator (isAdmin), with the demo password. */
export const OPERATOR = { email: 'admin@domace.rs', name: 'Оператер Домаће' } as const;

export interface SeedHousehold {
  key: string;
  email: string;
  ownerName: string;
  phone: string;
  location: string;
  name: string;
  description: string;
  bio: string;
  avatar: { bg: string; roof: string; wall: string };
  /** How long ago the producer joined, in days. */
  joinedDaysAgo: number;
  /** Where and when to collect, delivery, minimum order and IPS payments. */
  logistics?: SeedLogistics;
  /** The papers (docs/papers-and-labels.md); `verified`: an operator checked them at seeding. */
  legal?: StoredLegal & { verified: boolean };
}

export interface SeedLogistics {
  pickupPoints: { name: string; address: string; note?: string; hours: { weekday: number; opens: string; closes: string }[] }[];
  delivery?: { areas: string[]; feeRsd: number; freeFromRsd: number | null; leadDays: number; weekdays: number[] };
  minimumOrderRsd?: number;
  /** 18 digits, control checked; the payee name is the household's. */
  ipsAccount?: string;
}

const weekdays = (from: number, to: number, opens: string, closes: string) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ weekday: from + i, opens, closes }));

export interface SeedProduct {
  slug: string;
  household: string;
  name: string;
  description: string;
  priceRsd: number;
  unit: Unit;
  category: Category;
  image: ProductArt;
  featured?: boolean;
  promoted?: boolean;
  stock?: number;
  available?: boolean;
  /** Sold in steps of this much (e.g. 0.5 kg packs); default 1. */
  quantityStep?: number;
  /** A harvest pre-order: orderable for days from this many days after seeding. */
  availableInDays?: number;
  /** Percent of a pre-order's total asked as a deposit; the most that may be pre-ordered (src/shared/deposit.ts). */
  depositPercent?: number;
  preorderLimit?: number;
  /** How long ago it was listed, in days (fractions spread it over the day). */
  daysAgo: number;
  /** What its label says (docs/papers-and-labels.md). */
  label?: { ingredients: string; allergens?: string[]; storage: string };
  /** Sold by weight (docs/weight-pricing.md): priceRsd is per kg, unit the piece, this its usual kg. */
  pieceWeight?: number;
}

export interface SeedBuyer {
  key: string;
  email: string;
  name: string;
  phone: string;
  location: string;
  bio: string;
  language: 'sr' | 'en' | 'ru';
  avatar: { bg: string; shirt: string; hair: string };
  joinedDaysAgo: number;
}

export const HOUSEHOLDS: readonly SeedHousehold[] = [
  {
    key: 'leskovac', email: 'leskovac@domace.rs', ownerName: 'Драган Стојановић', phone: '+381641112233', location: 'Лесковац',
    name: 'Домаћинство Стојановић',
    description: 'Ајвар и пинђур печемо на дрва, од лесковачке паприке из сопствене баште. Све по рецепту наше баке, без конзерванса.',
    bio: 'Три генерације печемо паприку у Бунуском пољу.',
    avatar: { bg: '#f6c3a1', roof: '#b03a2e', wall: '#fbeedd' }, joinedDaysAgo: 210,
    legal: { form: 'rpg', holdingNumber: '716402118734', pib: null, verified: true, registrations: [{ kind: 'registarski_broj', number: 'РБ-ЛЕ-0412', categories: ['preserves', 'vegetables'] }] },
    logistics: {
      pickupPoints: [
        { name: 'Капија домаћинства', address: 'Бунуски пут 14, Лесковац', hours: weekdays(1, 6, '08:00', '18:00') },
        { name: 'Зелена пијаца, тезга 7', address: 'Пијаца Лесковац, Светозара Марковића', note: 'Суботом пре подне', hours: [{ weekday: 6, opens: '07:00', closes: '13:00' }] },
      ],
      delivery: { areas: ['Лесковац', 'Ниш', 'Врање'], feeRsd: 300, freeFromRsd: 3000, leadDays: 1, weekdays: [3, 6] },
      minimumOrderRsd: 500,
      ipsAccount: '840000000095584510',
    },
  },
  {
    key: 'arilje', email: 'arilje@domace.rs', ownerName: 'Milena Radović', phone: '+381652223344', location: 'Arilje',
    name: 'Gazdinstvo Radović',
    description: 'Malinjak na obroncima iznad Arilja, berba ručno u julu. Džem kuvamo u malim serijama, samo od malina i šećera.',
    bio: 'Malinar iz Arilja, od malina živimo već dvadeset godina.',
    avatar: { bg: '#f5b7c5', roof: '#8e1b3b', wall: '#fff6ea' }, joinedDaysAgo: 180,
    legal: { form: 'rpg', holdingNumber: '707218340915', pib: null, verified: false, registrations: [{ kind: 'registarski_broj', number: 'RB-AR-0078', categories: ['fruit', 'preserves'] }] },
    logistics: {
      pickupPoints: [{ name: 'Malinjak Radović', address: 'Gornja Pecka bb, Arilje', hours: weekdays(1, 7, '07:00', '20:00') }],
      delivery: { areas: ['Arilje', 'Požega', 'Užice'], feeRsd: 250, freeFromRsd: 2500, leadDays: 0, weekdays: [2, 4, 6] },
      ipsAccount: '165000000000005574',
    },
  },
  {
    key: 'sjenica', email: 'sjenica@domace.rs', ownerName: 'Emir Hodžić', phone: '+381633334455', location: 'Sjenica',
    name: 'Gazdinstvo Hodžić',
    description: 'Krave i ovce na Pešterskoj visoravni, na ispaši od proleća do jeseni. Sjenički sir i kajmak pravimo svakog dana od jutarnjeg mleka.',
    bio: 'Pešter, 1.150 m nadmorske visine, čist vazduh i dobra trava.',
    avatar: { bg: '#cfe3f5', roof: '#4a6b8a', wall: '#ffffff' }, joinedDaysAgo: 160,
    legal: { form: 'entrepreneur', holdingNumber: '720431906552', pib: '108214561', verified: true, registrations: [{ kind: 'veterinarski_kontrolni_broj', number: 'VK-SJ-1187', categories: ['dairy', 'meat'] }] },
    logistics: {
      pickupPoints: [
        { name: 'Farma Hodžić', address: 'Štavalj bb, Sjenica', hours: weekdays(1, 6, '06:00', '19:00') },
        { name: 'Gradska pijaca Novi Pazar', address: 'Stevana Nemanje, Novi Pazar', note: 'Tezga sa sirom', hours: [{ weekday: 6, opens: '07:00', closes: '12:00' }] },
      ],
      delivery: { areas: ['Sjenica', 'Novi Pazar'], feeRsd: 400, freeFromRsd: null, leadDays: 1, weekdays: [5] },
      minimumOrderRsd: 1000,
      // Cheese by weight is paid by IPS QR once weighed (docs/weight-pricing.md).
      ipsAccount: '160000000123456729',
    },
  },
  {
    key: 'zlatibor', email: 'zlatibor@domace.rs', ownerName: 'Милован Ђурић', phone: '+381644445566', location: 'Златибор',
    name: 'Домаћинство Ђурић',
    description: 'Пршута и сухомеснато сушени на златиборском ветру и диму букве, као некад. Кајмак од крава са пашњака око Рибнице.',
    bio: 'Сушара у селу Јабланица, под Торником.',
    avatar: { bg: '#d7e8c8', roof: '#5d4037', wall: '#f3e5cf' }, joinedDaysAgo: 240,
  },
  {
    key: 'irig', email: 'irig@domace.rs', ownerName: 'Nenad Jovanović', phone: '+381655556677', location: 'Irig',
    name: 'Pčelinjak Jovanović',
    description: 'Šezdeset košnica na Fruškoj gori, između lipa i bagremova. Med vrcamo hladno i ne zagrevamo ga.',
    bio: 'Pčelar iz Iriga, član Društva pčelara Fruška gora.',
    avatar: { bg: '#fbe3a0', roof: '#c27c0e', wall: '#fffaf0' }, joinedDaysAgo: 200,
    legal: { form: 'rpg', holdingNumber: '802114560371', pib: '101134702', verified: true, registrations: [{ kind: 'registarski_broj', number: 'RB-IR-0231', categories: ['honey', 'other'] }] },
    logistics: {
      pickupPoints: [
        { name: 'Pčelinjak', address: 'Vojvode Putnika 22, Irig', hours: weekdays(1, 5, '09:00', '17:00') },
        { name: 'Futoška pijaca', address: 'Futoška pijaca, Novi Sad', hours: [{ weekday: 6, opens: '07:00', closes: '13:00' }] },
      ],
      delivery: { areas: ['Novi Sad', 'Irig', 'Sremski Karlovci'], feeRsd: 350, freeFromRsd: 4000, leadDays: 2, weekdays: [4, 6] },
    },
  },
  {
    key: 'valjevo', email: 'valjevo@domace.rs', ownerName: 'Радмила Милосављевић', phone: '+381626667788', location: 'Ваљево',
    name: 'Домаћинство Милосављевић',
    description: 'Воћњак шљива и јабука у Брезовицама код Ваљева. Пекмез кувамо у бакрачу на отвореној ватри, сатима, без додатог шећера.',
    bio: 'Шљиве, јабуке и дуње са ваљевских брда.',
    avatar: { bg: '#dccbe8', roof: '#4a2a6a', wall: '#fff8ee' }, joinedDaysAgo: 130,
  },
  {
    key: 'sombor', email: 'sombor@domace.rs', ownerName: 'Zoltan Kovač', phone: '+381607778899', location: 'Sombor',
    name: 'Salaš Kovač',
    description: 'Salaš kod Sombora sa baštom, kokoškama i dve krave. Povrće bez prskanja, jaja od kokošaka koje slobodno šetaju.',
    bio: 'Salaš u Bačkoj, povrće i jaja svakog dana sveže.',
    avatar: { bg: '#fff1b8', roof: '#a84b2a', wall: '#fdfdf5' }, joinedDaysAgo: 150,
    logistics: {
      pickupPoints: [{ name: 'Salaš Kovač', address: 'Bezdanski put 8, Sombor', hours: weekdays(1, 7, '07:00', '19:00') }],
      minimumOrderRsd: 300,
    },
  },
  {
    key: 'nis', email: 'nis@domace.rs', ownerName: 'Снежана Илић', phone: '+381698889900', location: 'Ниш',
    name: 'Домаћинство Илић',
    description: 'Туршија, кисели купус и коре за питу из наше кухиње у Нишкој Бањи. Орахе беремо са својих стабала и ручно чистимо.',
    bio: 'Домаћа кухиња са југа, као код маме.',
    avatar: { bg: '#c8e6e0', roof: '#2e7d6b', wall: '#fffaf2' }, joinedDaysAgo: 90,
  },
];

// Backdrops, reused.
const WARM: [string, string] = ['#fde7c8', '#f3c89a'];
const RED: [string, string] = ['#fbd3c4', '#eea08a'];
const PINK: [string, string] = ['#fde0e6', '#f2b3c2'];
const CREAM: [string, string] = ['#eef3f8', '#cfdbe8'];
const GREEN: [string, string] = ['#e4f2d6', '#b9d99c'];
const HONEY: [string, string] = ['#fff3c4', '#f5cf6b'];
const PLUM: [string, string] = ['#ece0f3', '#c8abdb'];
const SLATE: [string, string] = ['#e9e4dc', '#c9bfae'];

export const PRODUCTS: readonly SeedProduct[] = [
  // Лесковац
  { slug: 'ajvar-blagi', household: 'leskovac', name: 'Ајвар благи', description: 'Печена лесковачка паприка, млевена и пржена сатима на тихој ватри. Благ и сладак, тегла 720 г.', priceRsd: 950, unit: 'jar', category: 'preserves', image: { art: { kind: 'jar', fill: '#c0392b', lid: '#d4a017', chunks: '#8e2418', cloth: 'url(#gingham)' }, bg: RED }, featured: true, promoted: true, daysAgo: 26.2, label: { ingredients: 'Печена паприка (92%), сунцокретово уље, шећер, јабуково сирће, со.', storage: 'Чувати на хладном и тамном месту. После отварања чувати у фрижидеру и потрошити у року од 10 дана.' } },
  { slug: 'ajvar-ljuti', household: 'leskovac', name: 'Ајвар љути', description: 'Исти ајвар, са мало љуте паприке из наше баште. Тегла 720 г.', priceRsd: 990, unit: 'jar', category: 'preserves', image: { art: { kind: 'jar', fill: '#a93226', lid: '#2c3e50', chunks: '#6e1a10' }, bg: RED }, stock: 18, daysAgo: 25.7, label: { ingredients: 'Печена паприка (88%), љута паприка (4%), сунцокретово уље, шећер, јабуково сирће, со.', storage: 'Чувати на хладном и тамном месту. После отварања у фрижидеру.' } },
  { slug: 'pindjur', household: 'leskovac', name: 'Пинђур', description: 'Печена паприка, парадајз и патлиџан, са белим луком. Одличан уз сир и проју.', priceRsd: 850, unit: 'jar', category: 'preserves', image: { art: { kind: 'jar', fill: '#d35400', lid: '#d4a017', chunks: '#922b05' }, bg: WARM }, daysAgo: 19.4, label: { ingredients: 'Печена паприка, парадајз, патлиџан, сунцокретово уље, бели лук, сенф, со.', allergens: ['сенф'], storage: 'Чувати на хладном и тамном месту. После отварања у фрижидеру.' } },
  { slug: 'paprika-babura', household: 'leskovac', name: 'Паприка бабура', description: 'Месната црвена паприка, идеална за печење и ајвар. Брана ујутру.', priceRsd: 180, unit: 'kg', category: 'vegetables', image: { art: { kind: 'pile', shape: 'long', fill: '#e74c3c', shade: '#922b21', leaf: '#3f7d2c', size: 36 }, bg: GREEN }, promoted: true, daysAgo: 6.3 },
  { slug: 'ljute-papricice', household: 'leskovac', name: 'Љуте папричице', description: 'Ситне љуте паприке за туршију или сушење. Само за храбре.', priceRsd: 280, unit: 'kg', category: 'vegetables', image: { art: { kind: 'pile', shape: 'long', fill: '#ff5a36', shade: '#a5200c', leaf: '#2e6b1f', size: 24 }, bg: WARM }, daysAgo: 11.6 },

  // Arilje
  { slug: 'maline-sveze', household: 'arilje', name: 'Maline sveže', description: 'Ariljska malina, ručno brana jutros. Slatka, krupna i mirisna.', priceRsd: 750, unit: 'kg', category: 'fruit', image: { art: { kind: 'pile', shape: 'berry', fill: '#e8416b', shade: '#9c1238', size: 26 }, bg: PINK }, featured: true, promoted: true, stock: 25, daysAgo: 2.4 },
  { slug: 'maline-smrznute', household: 'arilje', name: 'Maline smrznute', description: 'Smrznute odmah posle berbe, rinfuz. Idealne za kolače i smutije.', priceRsd: 620, unit: 'kg', category: 'fruit', image: { art: { kind: 'pile', shape: 'berry', fill: '#d64f7a', shade: '#7d1233', size: 24, basket: '#8fb3c9' }, bg: CREAM }, daysAgo: 24.1 },
  { slug: 'dzem-od-malina', household: 'arilje', name: 'Džem od malina', description: 'Samo maline i šećer, kuvano u maloj šerpi. Tegla 370 g.', priceRsd: 550, unit: 'jar', category: 'preserves', image: { art: { kind: 'jar', fill: '#a3153f', lid: '#f0f0f0', chunks: '#5e0a22', cloth: 'url(#gingham)' }, bg: PINK }, featured: true, daysAgo: 17.8, label: { ingredients: 'Maline (65%), šećer, limunov sok.', storage: 'Čuvati na suvom i tamnom mestu. Posle otvaranja u frižideru.' } },
  { slug: 'sirup-od-malina', household: 'arilje', name: 'Sirup od malina', description: 'Gust domaći sirup, razblažite vodom 1:5. Bez veštačkih boja.', priceRsd: 600, unit: 'l', category: 'preserves', image: { art: { kind: 'bottle', fill: '#b0183f', cap: '#f0f0f0' }, bg: PINK }, daysAgo: 13.2 },
  { slug: 'kupine', household: 'arilje', name: 'Kupine', description: 'Pitome kupine sa našeg imanja. Berba krajem leta: poručite unapred uz kaparu od 30 %. Sve je već poručeno; upišite se na listu čekanja.', priceRsd: 650, unit: 'kg', category: 'fruit', image: { art: { kind: 'pile', shape: 'berry', fill: '#4a2347', shade: '#1c0a1b', size: 26 }, bg: PLUM }, stock: 0, availableInDays: 25, depositPercent: 30, preorderLimit: 2, daysAgo: 30.5 },

  // Sjenica
  { slug: 'sjenicki-sir', household: 'sjenica', name: 'Sjenički sir', description: 'Punomasni beli sir od kravljeg mleka, zreo u salamuri. Mek, blago slan.', priceRsd: 850, unit: 'kg', category: 'dairy', image: { art: { kind: 'cheese', fill: '#f7f2e2' }, bg: CREAM }, featured: true, promoted: true, daysAgo: 8.9, label: { ingredients: 'Kravlje mleko, so, sirilo, mlečnokiselinske kulture.', allergens: ['mleko'], storage: 'Čuvati u salamuri na temperaturi od 2 do 6 °C.' } },
  { slug: 'sjenicki-sir-kolut', household: 'sjenica', name: 'Sjenički sir, ceo kolut', description: 'Ceo kolut sjeničkog sira, oko 1,2 kg, zreo šest nedelja u salamuri. Naplaćujemo stvarnu težinu: kolut izmerimo pre predaje.', priceRsd: 1400, unit: 'wheel', pieceWeight: 1.2, category: 'dairy', image: { art: { kind: 'cheese', fill: '#f3ead0' }, bg: SLATE }, featured: true, stock: 10, daysAgo: 3.2, label: { ingredients: 'Kravlje mleko, so, sirilo, mlečnokiselinske kulture.', allergens: ['mleko'], storage: 'Čuvati u salamuri na temperaturi od 2 do 6 °C.' } },
  { slug: 'mladi-kajmak', household: 'sjenica', name: 'Mladi kajmak', description: 'Skupljan sa kuvanog mleka, svež, star do tri dana. Pakovanje od pola kilograma i više.', priceRsd: 1500, unit: 'kg', category: 'dairy', image: { art: { kind: 'bowl', fill: '#fbf1cf', bowl: '#b5542c' }, bg: SLATE }, stock: 12, quantityStep: 0.5, daysAgo: 4.6 },
  { slug: 'kiselo-mleko', household: 'sjenica', name: 'Kiselo mleko', description: 'Domaće kiselo mleko sa korom, u staklenoj flaši. Flašu vratite pri sledećoj kupovini.', priceRsd: 180, unit: 'l', category: 'dairy', image: { art: { kind: 'bottle', fill: '#fbfaf3', cap: '#2e86c1' }, bg: CREAM }, daysAgo: 15.3 },
  { slug: 'jagnjetina', household: 'sjenica', name: 'Jagnjetina', description: 'Pešterska jagnjetina sa ispaše, po porudžbini, ceo ili pola jagnjeta.', priceRsd: 1700, unit: 'kg', category: 'meat', image: { art: { kind: 'ham', fill: '#c0504d', fat: '#f6e7d8' }, bg: SLATE }, stock: 8, daysAgo: 20.7 },

  // Златибор
  { slug: 'zlatiborska-prsuta', household: 'zlatibor', name: 'Златиборска пршута', description: 'Свињска пршута сушена девет месеци на ветру и диму букве. Сечемо на танко по жељи.', priceRsd: 3900, unit: 'kg', category: 'meat', image: { art: { kind: 'ham', fill: '#a8323a', fat: '#f8ece0' }, bg: SLATE }, featured: true, stock: 15, daysAgo: 27.4 },
  { slug: 'goveda-prsuta', household: 'zlatibor', name: 'Говеђа пршута', description: 'Посна говеђа пршута, тамна и ароматична. Одлична за мезе.', priceRsd: 4400, unit: 'kg', category: 'meat', image: { art: { kind: 'ham', fill: '#7b1f24', fat: '#e9d3c0' }, bg: WARM }, promoted: true, stock: 6, daysAgo: 21.9 },
  { slug: 'suva-kobasica', household: 'zlatibor', name: 'Сува кобасица', description: 'Свињска кобасица са љутом паприком, сушена у сушари два месеца.', priceRsd: 1600, unit: 'kg', category: 'meat', image: { art: { kind: 'sausage', fill: '#8e2b22' }, bg: WARM }, daysAgo: 14.8 },
  { slug: 'zlatiborski-kajmak', household: 'zlatibor', name: 'Златиборски кајмак', description: 'Зрели кајмак, густ и мало пикантан, из дрвене каце.', priceRsd: 1650, unit: 'kg', category: 'dairy', image: { art: { kind: 'bowl', fill: '#f6e6b4', bowl: '#6d4c41' }, bg: CREAM }, daysAgo: 9.5 },
  { slug: 'planinski-caj', household: 'zlatibor', name: 'Чај од планинских трава', description: 'Мешавина мајчине душице, нане и кантариона са златиборских ливада. Кесица 100 г.', priceRsd: 350, unit: 'pc', category: 'other', image: { art: { kind: 'bundle', fill: '#5b8c3a', flower: '#b57edc' }, bg: GREEN }, daysAgo: 33.1 },

  // Irig
  { slug: 'bagremov-med', household: 'irig', name: 'Bagremov med', description: 'Svetao i blag med fruškogorskog bagrema, dugo ostaje tečan.', priceRsd: 1400, unit: 'kg', category: 'honey', image: { art: { kind: 'jar', fill: '#f4c542', lid: '#d4a017', cloth: 'url(#gingham)' }, bg: HONEY }, featured: true, daysAgo: 23.3, label: { ingredients: 'Bagremov med 100%.', storage: 'Čuvati na sobnoj temperaturi, dalje od sunca i vlage.' } },
  { slug: 'lipov-med', household: 'irig', name: 'Липов мед', description: 'Мед са фрушкогорских липа, јаког мириса, традиционално за чај и прехладу.', priceRsd: 1300, unit: 'kg', category: 'honey', image: { art: { kind: 'jar', fill: '#e2a72e', lid: '#6d4c41' }, bg: HONEY }, promoted: true, daysAgo: 18.6, label: { ingredients: 'Липов мед 100%.', storage: 'Чувати на собној температури, даље од сунца и влаге.' } },
  { slug: 'livadski-med', household: 'irig', name: 'Livadski med', description: 'Med sa livadskog cveća Fruške gore, taman i bogatog ukusa.', priceRsd: 1100, unit: 'kg', category: 'honey', image: { art: { kind: 'jar', fill: '#c47f17', lid: '#d4a017' }, bg: WARM }, daysAgo: 12.4, label: { ingredients: 'Livadski med 100%.', storage: 'Čuvati na sobnoj temperaturi. Kristalizacija je prirodna.' } },
  { slug: 'med-u-sacu', household: 'irig', name: 'Med u saću', description: 'Komad saća oko 400 g, pravo iz košnice. Med kakav pčele prave.', priceRsd: 1200, unit: 'pc', category: 'honey', image: { art: { kind: 'comb', fill: '#f0b429' }, bg: HONEY }, stock: 10, daysAgo: 5.2, label: { ingredients: 'Med u saću 100%.', storage: 'Čuvati na sobnoj temperaturi, dalje od sunca.' } },
  { slug: 'propolis-kapi', household: 'irig', name: 'Propolis kapi', description: 'Propolis rastvoren u alkoholu, bočica 30 ml. Za grlo i imunitet.', priceRsd: 600, unit: 'pc', category: 'other', image: { art: { kind: 'bottle', fill: '#6d3b12', cap: '#222222' }, bg: HONEY }, daysAgo: 28.8, label: { ingredients: 'Propolis, etil alkohol (70%).', allergens: ['propolis'], storage: 'Čuvati dobro zatvoreno, dalje od sunca.' } },

  // Ваљево
  { slug: 'sljive-cacanska-lepotica', household: 'valjevo', name: 'Шљиве чачанска лепотица', description: 'Крупне, слатке шљиве, бране са стабла. Одличне за јело и колаче.', priceRsd: 150, unit: 'kg', category: 'fruit', image: { art: { kind: 'pile', shape: 'oval', fill: '#5b3a8c', shade: '#2a1545', size: 30 }, bg: PLUM }, featured: true, daysAgo: 3.4 },
  { slug: 'pekmez-od-sljiva', household: 'valjevo', name: 'Пекмез од шљива', description: 'Густ пекмез куван у бакрачу, без додатог шећера. Тегла 720 г.', priceRsd: 520, unit: 'jar', category: 'preserves', image: { art: { kind: 'jar', fill: '#3d1f2e', lid: '#d4a017', cloth: 'url(#gingham)' }, bg: PLUM }, daysAgo: 22.5 },
  { slug: 'suve-sljive', household: 'valjevo', name: 'Суве шљиве', description: 'Шљиве сушене у нашој сушари, без коштица. Природно слатке.', priceRsd: 600, unit: 'kg', category: 'fruit', image: { art: { kind: 'pile', shape: 'oval', fill: '#3b2430', shade: '#140a10', size: 24 }, bg: SLATE }, daysAgo: 16.1 },
  { slug: 'jabuke-ajdared', household: 'valjevo', name: 'Јабуке ајдаред', description: 'Хрскаве јабуке из нашег воћњака, погодне и за зимовање.', priceRsd: 100, unit: 'kg', category: 'fruit', image: { art: { kind: 'pile', shape: 'round', fill: '#e53935', shade: '#8e1b1b', leaf: '#4f9a35', size: 36 }, bg: GREEN }, daysAgo: 10.2 },
  { slug: 'slatko-od-dunja', household: 'valjevo', name: 'Слатко од дуња', description: 'Дуње у густом сирупу, по старом рецепту. Уз чашу воде, за госте.', priceRsd: 450, unit: 'jar', category: 'preserves', image: { art: { kind: 'jar', fill: '#e8a33d', lid: '#f0f0f0', chunks: '#b86e12' }, bg: HONEY }, daysAgo: 31.7 },

  // Sombor
  { slug: 'domaca-jaja', household: 'sombor', name: 'Domaća jaja', description: 'Jaja kokošaka iz slobodnog uzgoja, sakupljena istog jutra.', priceRsd: 25, unit: 'pc', category: 'other', image: { art: { kind: 'eggs', fill: '#d9a66b' }, bg: WARM }, featured: true, stock: 40, daysAgo: 1.3 },
  { slug: 'kravlje-mleko', household: 'sombor', name: 'Kravlje mleko', description: 'Sveže punomasno mleko, muža od jutros. Prokuvati pre upotrebe.', priceRsd: 130, unit: 'l', category: 'dairy', image: { art: { kind: 'bottle', fill: '#fdfdf8', cap: '#27ae60' }, bg: CREAM }, promoted: true, daysAgo: 0.6 },
  { slug: 'domace-pile', household: 'sombor', name: 'Domaće pile', description: 'Pile sa salaša, hranjeno kukuruzom, očišćeno. Oko 1,8 kg; plaća se izmerena težina.', priceRsd: 650, unit: 'pc', pieceWeight: 1.8, category: 'meat', image: { art: { kind: 'ham', fill: '#e9b98f', fat: '#fbeee0' }, bg: WARM }, stock: 6, daysAgo: 1.8 },
  { slug: 'paradajz', household: 'sombor', name: 'Paradajz', description: 'Domaći paradajz iz bašte, zreo na stabljici, pravog ukusa.', priceRsd: 220, unit: 'kg', category: 'vegetables', image: { art: { kind: 'pile', shape: 'round', fill: '#e8412c', shade: '#9b1c0d', leaf: '#3f7d2c', size: 34 }, bg: GREEN }, daysAgo: 2.9 },
  { slug: 'krompir', household: 'sombor', name: 'Krompir', description: 'Beli krompir sa peskovite bačke zemlje, dobar za pire i pečenje.', priceRsd: 90, unit: 'kg', category: 'vegetables', image: { art: { kind: 'pile', shape: 'potato', fill: '#d9b36c', shade: '#9c7434', size: 30 }, bg: SLATE }, daysAgo: 7.7 },
  { slug: 'crni-luk', household: 'sombor', name: 'Crni luk', description: 'Crni luk za zimu, osušen na suncu i upleten u vence.', priceRsd: 110, unit: 'kg', category: 'vegetables', image: { art: { kind: 'pile', shape: 'round', fill: '#c98a3e', shade: '#7a4a14', size: 32 }, bg: WARM }, daysAgo: 18.1 },
  { slug: 'kupus', household: 'sombor', name: 'Kupus', description: 'Čvrste glavice belog kupusa, za salatu ili kiseljenje.', priceRsd: 80, unit: 'kg', category: 'vegetables', image: { art: { kind: 'leafy', fill: '#b7d98b', shade: '#8fbf5a' }, bg: GREEN }, available: false, daysAgo: 29.6 },

  // Ниш
  { slug: 'tursija', household: 'nis', name: 'Туршија мешана', description: 'Паприка, карфиол, шаргарепа и краставчићи у благом сирћетном наливу. Тегла 1,5 кг.', priceRsd: 600, unit: 'jar', category: 'preserves', image: { art: { kind: 'jar', fill: '#b7c34a', lid: '#c0392b', chunks: '#e67e22' }, bg: GREEN }, daysAgo: 20.2 },
  { slug: 'kiseli-kupus', household: 'nis', name: 'Кисели купус', description: 'Главице киселог купуса из каце, за сарму и подварак.', priceRsd: 150, unit: 'kg', category: 'preserves', image: { art: { kind: 'leafy', fill: '#e0e6a8', shade: '#c2cc7c' }, bg: SLATE }, daysAgo: 13.9 },
  { slug: 'orasi-ocisceni', household: 'nis', name: 'Ораси очишћени', description: 'Ораси са наших стабала, ручно очишћени, цела језгра.', priceRsd: 1300, unit: 'kg', category: 'other', image: { art: { kind: 'pile', shape: 'potato', fill: '#b88a52', shade: '#6b4722', size: 26 }, bg: WARM }, stock: 20, daysAgo: 8.1 },
  { slug: 'kore-za-pitu', household: 'nis', name: 'Коре за питу', description: 'Ручно развучене коре, пакет од 500 г. Чувати у фрижидеру.', priceRsd: 250, unit: 'pc', category: 'other', image: { art: { kind: 'sheets', fill: '#f1dfb4' }, bg: CREAM }, daysAgo: 4.1 },
  { slug: 'domaca-pogaca', household: 'nis', name: 'Домаћа погача', description: 'Мека погача од домаћег брашна, печена у зиданој пећи суботом.', priceRsd: 400, unit: 'pc', category: 'other', image: { art: { kind: 'bread', fill: '#d49a4a' }, bg: WARM }, daysAgo: 1.8 },
];

export const BUYERS: readonly SeedBuyer[] = [
  {
    key: 'marija', email: 'kupac@domace.rs', name: 'Марија Николић', phone: '+381641234567', location: 'Београд', language: 'sr',
    bio: 'Волим домаћу храну и пијаце. Кувам за породицу викендом, зимницу спремам сама кад стигнем.',
    avatar: { bg: '#f9d9c4', shirt: '#c0392b', hair: '#5d3a1c' }, joinedDaysAgo: 120,
  },
  {
    key: 'stefan', email: 'stefan@domace.rs', name: 'Stefan Marković', phone: '+381631239876', location: 'Novi Sad', language: 'sr',
    bio: 'Rekreativni biciklista, obožavam med i suvo voće.',
    avatar: { bg: '#cfe3f5', shirt: '#2e86c1', hair: '#2b1b0e' }, joinedDaysAgo: 100,
  },
  {
    key: 'jelena', email: 'jelena@domace.rs', name: 'Јелена Петровић', phone: '+381652345678', location: 'Крагујевац', language: 'sr',
    bio: 'Мама двоје деце, тражим здраву храну из поузданих домаћинстава.',
    avatar: { bg: '#e4f2d6', shirt: '#27ae60', hair: '#8e5a2b' }, joinedDaysAgo: 95,
  },
  {
    key: 'milos', email: 'milos@domace.rs', name: 'Miloš Đorđević', phone: '+381601112299', location: 'Beograd', language: 'sr',
    bio: 'Kuvar amater, pravim roštilj i sarmu za celu ulicu.',
    avatar: { bg: '#fde7c8', shirt: '#6d4c41', hair: '#1b1b1b' }, joinedDaysAgo: 80,
  },
  {
    key: 'ana', email: 'ana@domace.rs', name: 'Анна Смирнова', phone: '+381621118877', location: 'Београд', language: 'ru',
    bio: 'Живу в Белграде третий год, люблю сербский каймак и айвар.',
    avatar: { bg: '#ece0f3', shirt: '#8e44ad', hair: '#d4a017' }, joinedDaysAgo: 70,
  },
  {
    key: 'nikola', email: 'nikola@domace.rs', name: 'Nikola Pavlović', phone: '+381645557711', location: 'Niš', language: 'sr',
    bio: 'Student, kupujem od domaćina iz kraja.',
    avatar: { bg: '#c8e6e0', shirt: '#34495e', hair: '#3e2723' }, joinedDaysAgo: 45,
  },
];

type Comment = readonly [rating: number, text: string, language?: 'ru'];

/** Comments that fit any product of a category; each carries the rating its words fit. */
const COMMENTS: Record<Category, readonly Comment[]> = {
  fruit: [
    [5, 'Воће је стигло свеже и здраво, укус као из детињства. Наручујем поново!'],
    [5, 'Slatko i sočno, vidi se da je brano na vreme. Deca su pojela sve za dan.'],
    [4, 'Odličan kvalitet, samo je nekoliko komada bilo malo mekše. Preporuka.'],
    [5, 'Najbolje voće ove godine, domaćin ljubazan i tačan.'],
    [3, 'Ukus je dobar, ali su plodovi bili sitniji nego na slici.'],
  ],
  vegetables: [
    [5, 'Прави домаћи укус, нема везе са оним из маркета. Свака част!'],
    [4, 'Sveže i lepo upakovano, cena korektna za ovaj kvalitet.'],
    [5, 'Sveže ubrano, oseti se po mirisu čim otvoriš kesu. Sjajno.'],
    [4, 'Добро поврће, брзо преузимање, домаћин љубазан.'],
    [3, 'Kvalitet u redu, ali je preuzimanje kasnilo duže nego što je dogovoreno.'],
  ],
  dairy: [
    [5, 'Sveže i masno kako treba, ukus pravog domaćeg mleka.'],
    [5, 'Све свеже и укусно, види се да краве пасу на планини.'],
    [4, 'Vrlo dobro, stiglo lepo upakovano i hladno. Dobro bi došlo i manje pakovanje.'],
    [5, 'Очень вкусно, настоящий домашний вкус, такого на рынке не найти.', 'ru'],
    [4, 'Ukusno i sveže, domaćin uvek tačan sa isporukom.'],
  ],
  honey: [
    [5, 'Med je gust i mirisan, odmah se vidi da je pravi. Pčelar je sve lepo objasnio.'],
    [5, 'Мирис ливаде у тегли, деца га једу кашиком. Одличан!'],
    [4, 'Ukusan med, malo je kristalisao ali to je znak da je prirodan.'],
    [5, 'Мёд отличный, ароматный, беру уже третий раз.', 'ru'],
    [4, 'Dobar med po poštenoj ceni, sve lepo upakovano.'],
  ],
  preserves: [
    [5, 'Као код маме, осећа се да је рађено са љубављу. Узимам још две тегле.'],
    [5, 'Pravi domaći ukus, bez veštačkih dodataka. Tegla je nestala za nedelju dana.'],
    [4, 'Veoma ukusno, samo bi tegla mogla biti malo veća.'],
    [5, 'Густо и ароматично, баш као што треба. Права зимница.'],
    [3, 'Ukus je dobar, ali je cena malo visoka za ovu količinu.'],
  ],
  meat: [
    [5, 'Врхунско месо, види се да је домаће. Сечено како сам тражио.'],
    [5, 'Odličan kvalitet, pravi domaći ukus kakav se retko nađe.'],
    [4, 'Kvalitetno meso, lepo upakovano. Cena je viša, ali vredi.'],
    [4, 'Sve preporuke za domaćina, tačan i ljubazan.'],
  ],
  other: [
    [5, 'Odličan domaći proizvod, stiže uvek svež. Preporuka!'],
    [5, 'Све како је описано, домаћица љубазна. Сигурно ћу поново наручити.'],
    [4, 'Dobar odnos cene i kvaliteta, biću ponovo kupac.'],
    [4, 'Лепо упаковано и на време преузето.'],
    [3, 'Proizvod je u redu, ali je pakovanje moglo biti bolje.'],
  ],
};

/** Comments about one product in particular, used before the category's. */
const PRODUCT_COMMENTS: Record<string, readonly Comment[]> = {
  'ajvar-blagi': [[5, 'Ајвар као код маме, печен на дрва, осећа се дим. Узимам још две тегле.']],
  'maline-sveze': [[5, 'Maline su stigle sveže i cele, ukus kao iz detinjstva. Naručujem ponovo!'], [5, 'Крупне и слатке, праве ариљске малине.']],
  'dzem-od-malina': [[5, 'Džem ima pravi ukus malina, nije presladak. Sjajan na palačinkama.']],
  'sirup-od-malina': [[5, 'Sirup je gust i mirisan, deca ga obožavaju sa vodom i ledom.']],
  'sjenicki-sir': [[5, 'Сир је благо слан и мек, баш какав треба да буде сјенички сир.']],
  'mladi-kajmak': [[5, 'Kajmak je savršen, mek i mastan kako treba. Nema bolje uz proju.'], [5, 'Каймак просто чудесный, вкуснее, чем на рынке. Обязательно закажу ещё.', 'ru']],
  'zlatiborski-kajmak': [[5, 'Зрео кајмак, мало пикантан, баш онакав какав се једе на Златибору.']],
  'zlatiborska-prsuta': [[5, 'Пршута се топи у устима, сечена танко како сам тражио. Врхунски.']],
  'suva-kobasica': [[5, 'Kobasica je odlično suva i začinjena, pravi zlatiborski ukus.']],
  jagnjetina: [[4, 'Jagnjetina je bila mlada i mekana, sve preporuke za domaćina.']],
  'lipov-med': [[5, 'Липов мед је спасио целу породицу ове зиме, пијемо га уз чај.']],
  'pekmez-od-sljiva': [[5, 'Пекмез је густ и тамне боје, без шећера а сладак. Одушевљење!']],
  paradajz: [[5, 'Paradajz miriše kao nekad u bašti kod babe. Pravi letnji ukus.']],
  'kravlje-mleko': [[4, 'Mleko je punomasno i ukusno, samo bi dobro došla i manja flaša.']],
  'domaca-jaja': [[5, 'Jaja imaju žumance narandžaste boje, prava domaća. Stižu uvek sveža.']],
  'orasi-ocisceni': [[4, 'Orasi su krupni i čisti, bez ljuske. Dobar odnos cene i kvaliteta.']],
  'kore-za-pitu': [[5, 'Коре су танке и не цепају се, пита је испала савршено.']],
};

/** How many reviews each product gets, in PRODUCTS order (0 = none yet). */
const REVIEW_COUNTS = [3, 2, 2, 1, 0, 3, 1, 3, 1, 0, 3, 3, 1, 1, 2, 1, 2, 2, 0, 3, 3, 1, 2, 0, 2, 1, 1, 1, 0, 2, 1, 2, 1, 0, 0, 1, 1, 2, 1, 2];

export interface SeedReview {
  product: string;
  buyer: string;
  rating: number;
  comment: string;
  daysAgo: number;
}

/** 50-odd reviews, each buyer at most once per product, spread deterministically. */
export const REVIEWS: readonly SeedReview[] = PRODUCTS.flatMap((p, i) => {
  const count = REVIEW_COUNTS[i] ?? 0;
  const generic = COMMENTS[p.category];
  const rotated = [...generic.slice((i * 2) % generic.length), ...generic.slice(0, (i * 2) % generic.length)];
  const candidates = [...(PRODUCT_COMMENTS[p.slug] ?? []), ...rotated];
  const used = new Set<string>();
  return Array.from({ length: count }, (_, j) => {
    const buyer = BUYERS[(i + j * 5) % BUYERS.length]?.key ?? 'marija';
    // Anna writes in Russian where there is something Russian to say; nobody else does.
    const fits = candidates.filter((c) => !used.has(c[1]) && (c[2] === 'ru') === (buyer === 'ana'));
    const fallback = candidates.filter((c) => !used.has(c[1]) && c[2] !== 'ru');
    const [rating, comment] = fits[0] ?? fallback[0] ?? [5, 'Sve preporuke, odličan domaći proizvod.'];
    used.add(comment);
    return { product: p.slug, buyer, rating, comment, daysAgo: Math.max(0.2, p.daysAgo * (0.8 - j * 0.2)) };
  });
});

/** Which buyer follows which households. */
export const FOLLOWS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['marija', ['arilje', 'irig', 'sjenica', 'leskovac']],
  ['stefan', ['irig', 'valjevo']],
  ['jelena', ['arilje', 'sombor', 'zlatibor']],
  ['milos', ['zlatibor', 'leskovac', 'sjenica']],
  ['ana', ['sjenica', 'irig']],
  ['nikola', ['nis']],
];

export interface SeedOrder {
  household: string;
  status: OrderStatus;
  items: ReadonlyArray<readonly [string, number]>;
  notes?: string;
  /** Paid by IPS QR (the household's account), in this payment state (docs/payments.md); else cash. */
  ips?: 'unpaid' | 'reported' | 'paid';
  /** kg weighed of lines sold by weight (docs/weight-pricing.md); a line left out is still an estimate. */
  weights?: Readonly<Record<string, number>>;
  /** A harvest pre-order awaiting its deposit (the products' depositPercent; status awaiting_deposit). */
  deposit?: true;
}

/** Buyers waiting for a sold-out product (docs/product.md, "Pre-orders and the waitlist"). */
export const WAITLIST: ReadonlyArray<{ buyer: string; product: string; quantity: number; daysAgo: number }> = [
  { buyer: 'milos', product: 'kupine', quantity: 1, daysAgo: 0.3 },
];

export interface SeedCheckout {
  buyer: string;
  daysAgo: number;
  /** Pickup/delivery day relative to the order day. */
  pickupInDays: number;
  deliveryType: 'pickup' | 'delivery';
  deliveryAddress?: string;
  orders: readonly SeedOrder[];
}

export const CHECKOUTS: readonly SeedCheckout[] = [
  // A harvest pre-order with a deposit of 30 %, not paid yet: its IPS QR is on Ana's order.
  {
    buyer: 'ana', daysAgo: 0.5, pickupInDays: 27, deliveryType: 'pickup',
    orders: [{ household: 'arilje', status: 'awaiting_deposit', items: [['kupine', 2]], ips: 'unpaid', deposit: true }],
  },
  // Sold by weight: two wheels estimated at 3 360 RSD, weighed 2,46 kg = 3 444 RSD.
  {
    buyer: 'ana', daysAgo: 1.5, pickupInDays: 2, deliveryType: 'pickup',
    orders: [{ household: 'sjenica', status: 'confirmed', items: [['sjenicki-sir-kolut', 2]], weights: { 'sjenicki-sir-kolut': 2.46 } }],
  },
  // ...and one still to weigh: the producer's demo has a wheel and a chicken waiting for the scale.
  {
    buyer: 'milos', daysAgo: 0.2, pickupInDays: 2, deliveryType: 'pickup',
    orders: [
      { household: 'sjenica', status: 'pending', items: [['sjenicki-sir-kolut', 1], ['mladi-kajmak', 0.5]] },
      { household: 'sombor', status: 'pending', items: [['domace-pile', 2]] },
    ],
  },
  {
    buyer: 'marija', daysAgo: 21, pickupInDays: 2, deliveryType: 'pickup',
    orders: [
      { household: 'arilje', status: 'completed', items: [['maline-sveze', 2], ['dzem-od-malina', 3]] },
      { household: 'irig', status: 'completed', items: [['bagremov-med', 1], ['lipov-med', 1]], notes: 'Молим вас да мед буде у стакленим теглама.' },
    ],
  },
  {
    buyer: 'marija', daysAgo: 10, pickupInDays: 1, deliveryType: 'delivery', deliveryAddress: 'Булевар краља Александра 73, Београд',
    orders: [{ household: 'sjenica', status: 'completed', items: [['sjenicki-sir', 2], ['mladi-kajmak', 1]] }],
  },
  {
    buyer: 'marija', daysAgo: 2, pickupInDays: 3, deliveryType: 'pickup',
    // The buyer paid by IPS and said so: the producer sees "Payment reported" and confirms.
    orders: [{ household: 'leskovac', status: 'confirmed', items: [['ajvar-blagi', 4], ['pindjur', 2]], ips: 'reported' }],
  },
  {
    buyer: 'jelena', daysAgo: 1, pickupInDays: 2, deliveryType: 'pickup',
    // Not paid yet: the QR and "I have paid" on the buyer's orders page; a row of assets/samples/izvod-primer.csv.
    orders: [{ household: 'arilje', status: 'pending', items: [['dzem-od-malina', 2]], ips: 'unpaid' }],
  },
  {
    buyer: 'marija', daysAgo: 0.1, pickupInDays: 2, deliveryType: 'pickup',
    orders: [
      { household: 'zlatibor', status: 'pending', items: [['zlatiborska-prsuta', 1], ['zlatiborski-kajmak', 1]], notes: 'Пршуту исећи на танко, хвала.' },
      { household: 'sombor', status: 'pending', items: [['domaca-jaja', 20], ['kravlje-mleko', 3]] },
    ],
  },
  {
    buyer: 'stefan', daysAgo: 1, pickupInDays: 1, deliveryType: 'pickup',
    orders: [{ household: 'irig', status: 'ready', items: [['livadski-med', 2], ['med-u-sacu', 1]] }],
  },
  {
    buyer: 'milos', daysAgo: 0.3, pickupInDays: 4, deliveryType: 'delivery', deliveryAddress: 'Cara Dušana 12, Zemun',
    orders: [{ household: 'zlatibor', status: 'pending', items: [['suva-kobasica', 2], ['goveda-prsuta', 1]] }],
  },
  {
    buyer: 'jelena', daysAgo: 5, pickupInDays: 1, deliveryType: 'pickup',
    orders: [{ household: 'valjevo', status: 'cancelled', items: [['pekmez-od-sljiva', 2]] }],
  },
];

export interface SeedStory {
  slug: string;
  household: string;
  scene: Scene;
  caption: string;
  hoursAgo: number;
}

export const STORIES: readonly SeedStory[] = [
  { slug: 'story-irig-kosnice', household: 'irig', scene: 'hives', caption: 'Jutros pregled košnica, bagrem samo što nije procvetao 🐝', hoursAgo: 6 },
  { slug: 'story-irig-tegle', household: 'irig', scene: 'shelf', caption: 'Novo vrcanje je u teglama, stiže i lipov med.', hoursAgo: 1.5 },
  { slug: 'story-arilje-malinjak', household: 'arilje', scene: 'berries', caption: 'Berba malina je počela! Prve gajbice sutra ujutru.', hoursAgo: 3 },
  { slug: 'story-sombor-basta', household: 'sombor', scene: 'garden', caption: 'Paradajz u bašti, sve bez prskanja.', hoursAgo: 4.5 },
  { slug: 'story-leskovac-zimnica', household: 'leskovac', scene: 'shelf', caption: 'Нова тура ајвара је спремна, тегле чекају на полици.', hoursAgo: 8 },
];

export interface DemoAccount {
  email: string;
  role: 'customer' | 'producer' | 'operator';
  name: string;
  household: string | null;
}

/** The demo accounts for the README: the buyer, the other buyers and one producer per household. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  ...BUYERS.map((b) => ({ email: b.email, role: 'customer' as const, name: b.name, household: null })),
  ...HOUSEHOLDS.map((h) => ({ email: h.email, role: 'producer' as const, name: h.ownerName, household: h.name })),
  { email: OPERATOR.email, role: 'operator', name: OPERATOR.name, household: null },
];

/**
 * Standing orders of the sample buyers (docs/standing-orders.md): the same milk every Saturday
 * (pickup), ajvar to Niš every other Wednesday (delivery).
 */
export const STANDING: Array<{
  buyer: string; household: string; items: Array<[slug: string, quantity: number]>; weekday: number; everyWeeks?: 1 | 2 | 4;
  time?: string; delivery?: { area: string; address: string };
}> = [
  { buyer: 'marija', household: 'sombor', items: [['kravlje-mleko', 3]], weekday: 6, time: '09:00' },
  { buyer: 'nikola', household: 'leskovac', items: [['ajvar-blagi', 2]], weekday: 3, everyWeeks: 2, delivery: { area: 'Ниш', address: 'Вожда Карађорђа 12' } },
];

/**
 * Drops of the sample households (docs/drops.md): several households at one place for an hour.
 * `weekday` (ISO, Monday = 1): the first such day at least two days ahead; orders close the
 * evening before at 20:00 (Belgrade). The orders are pending drop orders of the sample buyers.
 */
export interface SeedDrop {
  key: string;
  host: string;
  members: readonly string[];
  title: string;
  place: { name: string; address: string; town: string; lat: number | null; lng: number | null };
  weekday: number;
  opens: string;
  closes: string;
  note: string | null;
  orders: ReadonlyArray<{ buyer: string; household: string; items: ReadonlyArray<readonly [slug: string, quantity: number]> }>;
}

export const DROPS: readonly SeedDrop[] = [
  {
    key: 'novi-sad-liman', host: 'irig', members: ['sombor', 'arilje'], title: 'Субота на Лиману',
    place: { name: 'Паркинг код Спенса', address: 'Сутјеска 2', town: 'Нови Сад', lat: 45.2466, lng: 19.8451 }, weekday: 6, opens: '09:00', closes: '11:00',
    note: 'Тражите три тенде поред улаза у паркинг.',
    orders: [
      { buyer: 'stefan', household: 'irig', items: [['bagremov-med', 2], ['lipov-med', 1]] },
      { buyer: 'stefan', household: 'sombor', items: [['domaca-jaja', 10], ['kravlje-mleko', 2]] },
      { buyer: 'nikola', household: 'arilje', items: [['dzem-od-malina', 2]] },
    ],
  },
  {
    key: 'beograd-kalenic', host: 'zlatibor', members: ['sjenica', 'leskovac'], title: 'Петак код Каленић пијаце',
    place: { name: 'Улаз из Његошеве', address: 'Максима Горког 1', town: 'Београд', lat: 44.7997, lng: 20.4741 }, weekday: 5, opens: '17:00', closes: '19:00',
    note: null,
    orders: [
      { buyer: 'marija', household: 'sjenica', items: [['sjenicki-sir', 1], ['mladi-kajmak', 1]] },
      { buyer: 'marija', household: 'zlatibor', items: [['suva-kobasica', 1]] },
      { buyer: 'milos', household: 'leskovac', items: [['ajvar-blagi', 2]] },
    ],
  },
  {
    key: 'novi-sad-petrovaradin', host: 'sombor', members: ['irig'], title: 'Nedeljom u Petrovaradinu',
    place: { name: 'Parking ispod tvrđave', address: 'Beogradska 1', town: 'Novi Sad', lat: 45.2523, lng: 19.8617 }, weekday: 7, opens: '10:00', closes: '12:00',
    note: 'Plaćanje gotovinom.',
    orders: [],
  },
];
