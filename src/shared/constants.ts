/** Stable codes shared by server and web; shown to people only through translations. */

export const CATEGORIES = ['fruit', 'vegetables', 'dairy', 'honey', 'preserves', 'meat', 'other'] as const;
export type Category = (typeof CATEGORIES)[number];

/** `wheel` (of cheese) is a piece, as `pc` and `jar`: what a product sold by weight is ordered in. */
export const UNITS = ['kg', 'l', 'jar', 'pc', 'wheel'] as const;
export type Unit = (typeof UNITS)[number];

export const USER_TYPES = ['customer', 'producer'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** The id/access token claim that carries the user type (named as an identity provider would). */
export const USER_TYPE_CLAIM = 'custom:userType';

/** How an order reaches its buyer; `drop`: at a drop of several households (docs/drops.md). */
export const DELIVERY_TYPES = ['pickup', 'delivery', 'drop'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

/**
 * The four statuses of an order (docs/product.md, Orders), plus cancelled (terminal, returns stock),
 * awaiting_deposit (a pre-order whose deposit is not paid yet: src/shared/deposit.ts; left when it
 * is paid, or cancelled when it expires),
 * awaiting_buyer (a weighed total more than 15 % above the estimate waits for the buyer:
 * docs/weight-pricing.md; set only by weighing, left only by the buyer's accept or a cancel) and
 * no_show (the buyer did not come to the handover: docs/drops.md).
 */
export const ORDER_STATUSES = ['pending', 'confirmed', 'ready', 'completed', 'cancelled', 'awaiting_buyer', 'no_show', 'awaiting_deposit'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The interface languages. `sr-Latn` is Serbian in the Latin script: its texts are made from the
 * Cyrillic ones by transliteration (serbian-latin.ts), so only sr, en and ru are written by hand.
 */
export const LANGUAGES = ['sr', 'sr-Latn', 'en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'sr';
/** The languages whose texts are written by hand. */
export type TextLanguage = Exclude<Language, 'sr-Latn'>;
/** The hand-written texts a language is shown from: Serbian Latin from the Cyrillic ones. */
export function textLanguage(language: Language): TextLanguage {
  return language === 'sr-Latn' ? 'sr' : language;
}
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
/** The visitor's language choice as a cookie: the server renders pages in it (the web app also keeps it in localStorage). */
export const LANGUAGE_COOKIE = 'domace_language';

export const MEDIA_TYPES = ['image', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** Business constants (docs/product.md, Constants; the security ones: docs/architecture.md, Security). */
export const LIMITS = {
  codeLength: 6,
  passwordMin: 8,
  passwordMax: 128,
  reviewCommentMin: 10,
  reviewCommentMax: 500,
  ratingMin: 1,
  ratingMax: 5,
  productNameMin: 2,
  productNameMax: 120,
  productDescriptionMax: 2000,
  priceMaxRsd: 1_000_000,
  orderQuantityMax: 999,
  orderNotesMax: 1000,
  storyCaptionMax: 200,
  imageMaxBytes: 10 * 1024 * 1024,
  imageMaxPixels: 40_000_000,
  videoMaxBytes: 50 * 1024 * 1024,
  pageSizeDefault: 24,
  pageSizeMax: 100,
} as const;

export const TIMINGS = {
  storyImageMs: 5000,
  storyVideoMaxMs: 30_000,
  storyTickMs: 100,
  storyLifetimeMs: 24 * 60 * 60 * 1000,
  queryStaleMs: 5 * 60 * 1000,
  toastMs: 5000,
  tooltipDelayMs: 700,
  tooltipSkipDelayMs: 300,
  signupCodeMs: 24 * 60 * 60 * 1000,
  resetCodeMs: 15 * 60 * 1000,
  resendCooldownMs: 60 * 1000,
  accessTokenSeconds: 15 * 60,
  refreshTokenSeconds: 30 * 24 * 60 * 60,
} as const;

export const SKELETONS = { storyCircles: 5, productCards: 6, orderRows: 3 } as const;
export const FOLLOWING_PREVIEW_COUNT = 3;
export const ORDER_ID_SHOWN_CHARS = 8;
export const BUSINESS_TIME_ZONE = 'Europe/Belgrade';
