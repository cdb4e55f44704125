import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn, bigint, boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey,
  numeric, pgSequence, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import type { LegalForm, Registration } from '#shared/legal.ts';

/**
 * The data model (docs/architecture.md, Data model). Money is integer para (1 RSD = 100 para).
 * Only repositories import this file.
 */

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: id(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull(),
  userType: text('user_type', { enum: ['customer', 'producer'] }).notNull().default('customer'),
  phone: text('phone'),
  location: text('location'),
  bio: text('bio'),
  avatar: text('avatar'),
  language: text('language', { enum: ['sr', 'sr-Latn', 'en', 'ru'] }).notNull().default('sr'),
  notifyByEmail: boolean('notify_by_email').notNull().default(true),
  /** Mail and push per notification kind, `{ [kind]: { mail?, push? } }`; a missing value is on. */
  notificationSettings: jsonb('notification_settings').$type<Record<string, { mail?: boolean; push?: boolean }>>().notNull().default({}),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** An operator (granted only by `npm run admin -- grant <email>`, never through the API). */
  isAdmin: boolean('is_admin').notNull().default(false),
  /** Suspended by an operator: sessions ended, login refused, household not public. */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  /** The buyer page hidden by an operator after a report. */
  hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  /** Deleted by its owner: the row stays (orders point at it) with the personal data wiped. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  /** Whether the buyer page shows the total spent to others. */
  showTotalSpent: boolean('show_total_spent').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
]);

export const authCodes = pgTable('auth_codes', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['signup', 'reset'] }).notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  index('auth_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt),
  index('auth_codes_expires_idx').on(t.expiresAt),
]);

/** A session is a refresh-token family: revoking it ends every token issued in it. */
export const sessions = pgTable('sessions', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokedReason: text('revoked_reason'),
}, (t) => [index('sessions_user_idx').on(t.userId)]);

export const refreshTokens = pgTable('refresh_tokens', {
  id: id(),
  sessionId: uuid('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
  index('refresh_tokens_session_idx').on(t.sessionId),
]);

/** A household's id is its producer's user id: one household per producer. */
export const households = pgTable('households', {
  id: uuid('id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  location: text('location').notNull().default(''),
  avatar: text('avatar'),
  followerCount: integer('follower_count').notNull().default(0),
  rating: doublePrecision('rating').notNull().default(0),
  reviewCount: integer('review_count').notNull().default(0),
  searchKey: text('search_key').notNull().default(''),
  /** pending until an operator approves (PRODUCER_APPROVAL=manual); suspended by an operator. */
  status: text('status', { enum: ['pending', 'approved', 'suspended'] }).notNull().default('approved'),
  statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
  hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  /** Pickup points with weekly hours; replaced as a whole by the owner. */
  pickupPoints: jsonb('pickup_points').$type<StoredPickupPoint[]>().notNull().default([]),
  delivery: jsonb('delivery').$type<StoredDelivery>().notNull().default({ enabled: false, areas: [], feePara: 0, freeFromPara: null, leadDays: 0, weekdays: [] }),
  minimumOrderPara: bigint('minimum_order_para', { mode: 'number' }).notNull().default(0),
  paymentCash: boolean('payment_cash').notNull().default(true),
  /** 18 digits, control checked; null = no IPS QR payments. */
  ipsAccount: text('ips_account'),
  ipsPayeeName: text('ips_payee_name'),
  /** Hours before 00:00 (Belgrade) of a standing order's date when its cycle becomes an order. */
  standingCutoffHours: integer('standing_cutoff_hours').notNull().default(48),
  /** Days a buyer has to pay a pre-order's deposit before it is cancelled (1..14, migration 0021). */
  depositDays: integer('deposit_days').notNull().default(3),
  /** The papers: form, holding number (BPG), PIB, registrations (docs/papers-and-labels.md). */
  legal: jsonb('legal').$type<StoredLegal>().notNull().default({ form: 'person', holdingNumber: null, pib: null, registrations: [] }),
  /** When an operator checked the papers; the owner's next change of them clears it. */
  legalVerifiedAt: timestamp('legal_verified_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  check('households_status_check', sql`${t.status} IN ('pending', 'approved', 'suspended')`),
  check('households_deposit_days_check', sql`${t.depositDays} BETWEEN 1 AND 14`),
  index('households_status_idx').on(t.status, t.createdAt.desc()),
]);

export interface StoredLegal {
  form: LegalForm; holdingNumber: string | null; pib: string | null; registrations: Registration[];
}

export interface StoredPickupPoint {
  id: string; name: string; address: string; note: string | null;
  hours: { weekday: number; opens: string; closes: string }[];
}
/** Delivery settings; money in para. */
export interface StoredDelivery {
  enabled: boolean; areas: string[]; feePara: number; freeFromPara: number | null; leadDays: number; weekdays: number[];
}

export const media = pgTable('media', {
  id: id(),
  ownerId: uuid('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  type: text('type', { enum: ['image', 'video'] }).notNull(),
  mime: text('mime').notNull(),
  url: text('url').notNull(),
  thumbnailUrl: text('thumbnail_url'),
  width: integer('width'),
  height: integer('height'),
  bytes: integer('bytes').notNull(),
  createdAt: createdAt(),
}, (t) => [index('media_owner_idx').on(t.ownerId)]);

/**
 * The product name folded like searchKey() (lower case, Serbian/Russian Cyrillic to Latin,
 * č ć š ž đ to c c s z d), in SQL (upper-case letters mapped too: lower() only folds ASCII
 * under the C locale the embedded cluster may use) so an expression index can serve it. Used only to rank
 * search results (name matches first); queries must use this exact expression.
 */
export function productNameKeySql(name: AnyPgColumn | SQL) {
  return sql`translate(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(${name}), 'љ', 'lj'), 'Љ', 'lj'), 'њ', 'nj'), 'Њ', 'nj'), 'џ', 'dz'), 'Џ', 'dz'), 'ю', 'ju'), 'Ю', 'ju'), 'я', 'ja'), 'Я', 'ja'), 'абвгдђежзијклмнопрстћуфхцчшčćšžđёйщэыАБВГДЂЕЖЗИЈКЛМНОПРСТЋУФХЦЧШČĆŠŽĐЁЙЩЭЫъьЪЬ', 'abvgddezzijklmnoprstcufhccsccszdejseyabvgddezzijklmnoprstcufhccsccszdejsey')`;
}

export const products = pgTable('products', {
  id: id(),
  householdId: uuid('household_id').notNull().references(() => households.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  pricePara: bigint('price_para', { mode: 'number' }).notNull(),
  unit: text('unit', { enum: ['kg', 'l', 'jar', 'pc', 'wheel'] }).notNull(),
  category: text('category', { enum: ['fruit', 'vegetables', 'dairy', 'honey', 'preserves', 'meat', 'other'] }).notNull(),
  image: text('image'),
  thumbnail: text('thumbnail'),
  availability: boolean('availability').notNull().default(true),
  featured: boolean('featured').notNull().default(false),
  promoted: boolean('promoted').notNull().default(false),
  /** Last day (Europe/Belgrade) the promotion runs; null = until the operator ends it. */
  promotedUntil: date('promoted_until', { mode: 'string' }),
  /** Hidden by an operator after a report: kept, but in no public answer. */
  hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  /** Units left (3 decimals); null = unlimited. Never negative (checked by the database). */
  stock: numeric('stock', { precision: 13, scale: 3, mode: 'number' }),
  quantityStep: numeric('quantity_step', { precision: 10, scale: 3, mode: 'number' }).notNull().default(1),
  /** A harvest pre-order: orderable for dates on or after this day. */
  availableFrom: date('available_from', { mode: 'string' }),
  /** unit, or weight: price_para is per kg, unit is the piece, piece_weight its usual kg (docs/weight-pricing.md). */
  pricing: text('pricing', { enum: ['unit', 'weight'] }).notNull().default('unit'),
  pieceWeight: numeric('piece_weight', { precision: 6, scale: 3, mode: 'number' }),
  /** The label's fields (docs/papers-and-labels.md). */
  ingredients: text('ingredients'),
  allergens: text('allergens').array().notNull().default(sql`'{}'::text[]`),
  storage: text('storage'),
  /** Percent of a pre-order's total asked as a deposit, 0..50 (migration 0021, src/shared/deposit.ts). */
  depositPercent: integer('deposit_percent').notNull().default(0),
  /** The most that may be pre-ordered while the harvest is ahead; null = no cap. */
  preorderLimit: integer('preorder_limit'),
  rating: doublePrecision('rating').notNull().default(0),
  reviewCount: integer('review_count').notNull().default(0),
  searchKey: text('search_key').notNull().default(''),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  check('products_stock_nonnegative', sql`${t.stock} IS NULL OR ${t.stock} >= 0`),
  check('products_price_positive', sql`${t.pricePara} > 0`),
  check('products_quantity_step_positive', sql`${t.quantityStep} > 0`),
  check('products_pricing_check', sql`${t.pricing} IN ('unit', 'weight')`),
  check('products_piece_weight_check', sql`${t.pricing} = 'unit' OR ${t.pieceWeight} BETWEEN 0.01 AND 100`),
  check('products_deposit_percent_check', sql`${t.depositPercent} BETWEEN 0 AND 50`),
  check('products_preorder_limit_check', sql`${t.preorderLimit} IS NULL OR ${t.preorderLimit} >= 0`),
  index('products_household_idx').on(t.householdId, t.createdAt.desc(), t.id.desc()),
  index('products_feed_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.archivedAt} IS NULL AND ${t.availability}`),
  index('products_category_idx').on(t.category, t.createdAt.desc(), t.id.desc()).where(sql`${t.archivedAt} IS NULL AND ${t.availability}`),
  index('products_search_trgm_idx').using('gin', sql`${t.searchKey} gin_trgm_ops`),
  // Search ranks name matches first; this serves the name part. See productNameKeySql.
  index('products_name_key_trgm_idx').using('gin', sql`(${productNameKeySql(t.name)}) gin_trgm_ops`),
]);

export const stories = pgTable('stories', {
  id: id(),
  householdId: uuid('household_id').notNull().references(() => households.id, { onDelete: 'cascade' }),
  mediaId: uuid('media_id').references(() => media.id, { onDelete: 'set null' }),
  mediaUrl: text('media_url').notNull(),
  mediaType: text('media_type', { enum: ['image', 'video'] }).notNull(),
  caption: text('caption'),
  hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [index('stories_household_expires_idx').on(t.householdId, t.expiresAt)]);

export const reviews = pgTable('reviews', {
  id: id(),
  productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  rating: integer('rating').notNull(),
  comment: text('comment').notNull(),
  hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('reviews_product_user_key').on(t.productId, t.userId),
  index('reviews_user_idx').on(t.userId),
  check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
]);

export const follows = pgTable('follows', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  householdId: uuid('household_id').notNull().references(() => households.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.userId, t.householdId] }),
  index('follows_household_idx').on(t.householdId),
]);

export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 100001 });

export const orders = pgTable('orders', {
  id: id(),
  /** Human order number (#100001). */
  number: bigint('number', { mode: 'number' }).notNull().default(sql`nextval('order_number_seq')`),
  /** All orders written by one checkout share it (one per household, all or none). */
  checkoutId: uuid('checkout_id').notNull(),
  buyerId: uuid('buyer_id').notNull().references(() => users.id),
  householdId: uuid('household_id').notNull().references(() => households.id),
  status: text('status', { enum: ['pending', 'confirmed', 'ready', 'completed', 'cancelled', 'awaiting_buyer', 'no_show', 'awaiting_deposit'] }).notNull().default('pending'),
  deliveryType: text('delivery_type', { enum: ['pickup', 'delivery', 'drop'] }).notNull(),
  pickupDate: date('pickup_date', { mode: 'string' }).notNull(),
  pickupTime: text('pickup_time').notNull(),
  deliveryAddress: text('delivery_address'),
  contactPhone: text('contact_phone').notNull(),
  notes: text('notes'),
  /** Lines plus the delivery fee. */
  totalPara: bigint('total_para', { mode: 'number' }).notNull(),
  pickupPointId: uuid('pickup_point_id'),
  pickupPointName: text('pickup_point_name'),
  pickupPointAddress: text('pickup_point_address'),
  deliveryArea: text('delivery_area'),
  deliveryFeePara: bigint('delivery_fee_para', { mode: 'number' }).notNull().default(0),
  paymentMethod: text('payment_method', { enum: ['cash', 'ips_qr'] }).notNull().default('cash'),
  /** reported: the buyer said they paid (IPS); paid: the producer confirmed or a statement matched. */
  paymentStatus: text('payment_status', { enum: ['unpaid', 'reported', 'paid'] }).notNull().default('unpaid'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  paymentReportedAt: timestamp('payment_reported_at', { withTimezone: true }),
  /** The payee's account and name copied at order time (the QR never changes afterwards). */
  ipsAccount: text('ips_account'),
  ipsPayeeName: text('ips_payee_name'),
  /** The total estimated at checkout when the order has lines sold by weight (docs/weight-pricing.md); null otherwise. */
  estimateTotalPara: bigint('estimate_total_para', { mode: 'number' }),
  /** The drop of a drop order (docs/drops.md). */
  dropId: uuid('drop_id').references((): AnyPgColumn => drops.id),
  /** A pre-order's deposit (migration 0021, src/shared/deposit.ts); all null = none. */
  depositPercent: integer('deposit_percent'),
  depositPara: bigint('deposit_para', { mode: 'number' }),
  depositStatus: text('deposit_status', { enum: ['due', 'paid', 'refund_due', 'refunded'] }),
  /** When an unpaid deposit expires (run-expiries cancels the order). */
  depositDueAt: timestamp('deposit_due_at', { withTimezone: true }),
  depositReportedAt: timestamp('deposit_reported_at', { withTimezone: true }),
  depositPaidAt: timestamp('deposit_paid_at', { withTimezone: true }),
  depositRefundedAt: timestamp('deposit_refunded_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('orders_number_key').on(t.number),
  index('orders_deposit_due_idx').on(t.depositDueAt).where(sql`${t.status} = 'awaiting_deposit'`),
  index('orders_deposit_status_idx').on(t.depositStatus, t.householdId).where(sql`${t.depositStatus} IN ('paid', 'refund_due')`),
  index('orders_drop_idx').on(t.dropId, t.householdId).where(sql`${t.dropId} IS NOT NULL`),
  // Lists page on (created_at DESC, id DESC): the id makes a page one index seek (migration 0019).
  index('orders_buyer_idx').on(t.buyerId, t.createdAt.desc(), t.id.desc()),
  index('orders_household_idx').on(t.householdId, t.status, t.createdAt.desc(), t.id.desc()),
  index('orders_household_time_idx').on(t.householdId, t.createdAt.desc(), t.id.desc()),
  // The operator's stats read a range of days index-only: migration 0019 adds
  // INCLUDE (status, total_para, buyer_id, household_id), which drizzle cannot declare.
  index('orders_created_idx').on(t.createdAt),
  index('orders_checkout_idx').on(t.checkoutId),
  // The payment reminders' sweep: unpaid IPS orders by date (migration 0018).
  index('orders_ips_unpaid_idx').on(t.pickupDate).where(sql`${t.paymentMethod} = 'ips_qr' AND ${t.paymentStatus} = 'unpaid'`),
]);

/**
 * One row per order whose buyer was reminded to pay (migration 0018): THE guarantee that the
 * reminder goes out once, however many instances run the sweep.
 */
export const paymentReminders = pgTable('payment_reminders', {
  orderId: uuid('order_id').primaryKey().references(() => orders.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});

/**
 * The waitlist (migration 0021, ADR 0048): buyers waiting for a sold-out product, in join order
 * (seq). A hold is units taken out of products.stock onto the entry until held_until, so stock
 * plus holds is what exists.
 */
export const waitlistEntries = pgTable('waitlist_entries', {
  productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  quantity: numeric('quantity', { precision: 12, scale: 3, mode: 'number' }).notNull(),
  heldQuantity: numeric('held_quantity', { precision: 12, scale: 3, mode: 'number' }).notNull().default(0),
  heldUntil: timestamp('held_until', { withTimezone: true }),
  joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
}, (t) => [
  primaryKey({ name: 'waitlist_entries_pk', columns: [t.productId, t.userId] }),
  index('waitlist_entries_product_seq_idx').on(t.productId, t.seq),
  index('waitlist_entries_user_idx').on(t.userId, t.seq),
  index('waitlist_entries_held_until_idx').on(t.heldUntil).where(sql`${t.heldUntil} IS NOT NULL`),
]);

/**
 * The operator's stats (migration 0020, ADR 0047): written only by the database (the trigger on
 * orders and order_stats_close_day), read by admin.repository.ts `stats`. Orders that count
 * and their revenue of each CLOSED Europe/Belgrade day (today is read from orders).
 */
export const orderStatsDays = pgTable('order_stats_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  orders: integer('orders').notNull(),
  revenuePara: bigint('revenue_para', { mode: 'number' }).notNull(),
});

/** Each buyer's last Belgrade day with an order that counts: distinct buyers since a day = one index range. */
export const orderStatsBuyers = pgTable('order_stats_buyers', {
  buyerId: uuid('buyer_id').primaryKey(),
  lastDay: date('last_day', { mode: 'string' }).notNull(),
}, (t) => [index('order_stats_buyers_last_day_idx').on(t.lastDay)]);

/** Each household's last Belgrade day with an order that counts. */
export const orderStatsHouseholds = pgTable('order_stats_households', {
  householdId: uuid('household_id').primaryKey(),
  lastDay: date('last_day', { mode: 'string' }).notNull(),
}, (t) => [index('order_stats_households_last_day_idx').on(t.lastDay)]);

/** Name, unit and unit price are copied at order time: later edits never change an order. */
export const orderItems = pgTable('order_items', {
  id: id(),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  productId: uuid('product_id').notNull().references(() => products.id),
  name: text('name').notNull(),
  unit: text('unit', { enum: ['kg', 'l', 'jar', 'pc', 'wheel'] }).notNull(),
  unitPricePara: bigint('unit_price_para', { mode: 'number' }).notNull(),
  quantity: numeric('quantity', { precision: 12, scale: 3, mode: 'number' }).notNull(),
  /** weight: unit_price_para is per kg and quantity counts pieces; `weight` (kg) is entered by the producer. */
  pricing: text('pricing', { enum: ['unit', 'weight'] }).notNull().default('unit'),
  pieceWeight: numeric('piece_weight', { precision: 6, scale: 3, mode: 'number' }),
  weight: numeric('weight', { precision: 8, scale: 3, mode: 'number' }),
  /** Ordered while the product's harvest was ahead: counted against its preorder_limit. */
  preorder: boolean('preorder').notNull().default(false),
}, (t) => [
  index('order_items_order_idx').on(t.orderId),
  index('order_items_product_idx').on(t.productId),
  check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  check('order_items_pricing_check', sql`${t.pricing} IN ('unit', 'weight')`),
  check('order_items_weight_positive', sql`${t.weight} IS NULL OR (${t.pricing} = 'weight' AND ${t.weight} > 0)`),
]);

export const orderEvents = pgTable('order_events', {
  id: id(),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['pending', 'confirmed', 'ready', 'completed', 'cancelled', 'awaiting_buyer', 'no_show', 'awaiting_deposit'] }).notNull(),
  actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
}, (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)]);

export const idempotencyKeys = pgTable('idempotency_keys', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  requestHash: text('request_hash').notNull(),
  /** null while the first request is still running. */
  responseStatus: integer('response_status'),
  responseBody: jsonb('response_body'),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.userId, t.key] }),
  index('idempotency_keys_expires_idx').on(t.expiresAt),
]);

/**
 * Mails are queued in the same transaction as what causes them and sent by any instance
 * (claimed with FOR UPDATE SKIP LOCKED), retried with backoff.
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: id(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  lastError: text('last_error'),
  /** Set when the outbox gave up on the mail for good (domain/outbox.ts); the row stays as the record. */
  givenUpAt: timestamp('given_up_at', { withTimezone: true }),
  /** Permanent (5xx) refusals so far. */
  hardFailures: integer('hard_failures').notNull().default(0),
  /** The lease of the instance sending it now. */
  sendingUntil: timestamp('sending_until', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [index('mail_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} IS NULL AND ${t.givenUpAt} IS NULL`)]);

export const REPORT_TARGET_TYPES = ['product', 'review', 'story', 'household', 'buyer'] as const;
export const REPORT_REASONS = ['spam', 'fake', 'offensive', 'unsafe_food', 'other'] as const;

/** A user's report of content; at most one open report per reporter and target. */
export const reports = pgTable('reports', {
  id: id(),
  reporterId: uuid('reporter_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  targetType: text('target_type', { enum: REPORT_TARGET_TYPES }).notNull(),
  targetId: uuid('target_id').notNull(),
  reason: text('reason', { enum: REPORT_REASONS }).notNull(),
  note: text('note'),
  status: text('status', { enum: ['open', 'resolved'] }).notNull().default('open'),
  resolution: text('resolution', { enum: ['hide', 'dismiss'] }),
  resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('reports_open_per_reporter_key').on(t.reporterId, t.targetType, t.targetId).where(sql`${t.status} = 'open'`),
  index('reports_status_idx').on(t.status, t.createdAt.desc()),
  index('reports_target_idx').on(t.targetType, t.targetId),
]);

/** Every operator action, kept. */
export const adminAudit = pgTable('admin_audit', {
  id: id(),
  adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
  action: text('action').notNull(),
  targetType: text('target_type').notNull(),
  targetId: text('target_id').notNull(),
  reason: text('reason'),
  createdAt: createdAt(),
}, (t) => [index('admin_audit_created_idx').on(t.createdAt.desc(), t.id.desc())]);

/** Products a user saved ("saved items"); newest first in the list (migration 0012). */
export const savedProducts = pgTable('saved_products', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.userId, t.productId] }),
  index('saved_products_user_time_idx').on(t.userId, t.createdAt.desc(), t.productId.desc()),
  index('saved_products_product_idx').on(t.productId),
]);

/** A user's saved delivery places ("saved locations"); at most one default (migration 0012). */
export const savedAddresses = pgTable('saved_addresses', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  label: text('label').notNull(),
  area: text('area').notNull(),
  address: text('address').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('saved_addresses_user_idx').on(t.userId, t.createdAt),
  uniqueIndex('saved_addresses_one_default_idx').on(t.userId).where(sql`${t.isDefault}`),
]);

/** An order's conversation between its buyer and its producer. */
export const orderMessages = pgTable('order_messages', {
  id: id(),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
  fromProducer: boolean('from_producer').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
}, (t) => [
  index('order_messages_order_idx').on(t.orderId, t.createdAt, t.id),
  check('order_messages_body_length', sql`char_length(${t.body}) BETWEEN 1 AND 1000`),
]);

/** Per order and party: read up to `lastReadAt`; mailed about messages at `lastMailedAt`. */
export const orderMessageStates = pgTable('order_message_states', {
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  lastReadAt: timestamp('last_read_at', { withTimezone: true }),
  lastMailedAt: timestamp('last_mailed_at', { withTimezone: true }),
  /** Set while messages wait for the next mail (the throttle window was closed). */
  mailPendingSince: timestamp('mail_pending_since', { withTimezone: true }),
}, (t) => [
  primaryKey({ name: 'order_message_states_pk', columns: [t.orderId, t.userId] }),
  index('order_message_states_pending_idx').on(t.mailPendingSince).where(sql`${t.mailPendingSince} IS NOT NULL`),
]);

/**
 * The notification centre. Titles are rendered in the reader's language from `type` and
 * `data`; triggers of migration 0009 write the order and review ones.
 */
export const notifications = pgTable('notifications', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  type: text('type', { enum: ['order_placed', 'order_status', 'message', 'review', 'moderation', 'standing_skipped', 'standing_price_changed', 'drop_announced', 'drop_changed', 'order_weighed', 'payment_reported', 'payment_reminder', 'waitlist_offer'] }).notNull(),
  orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
  readAt: timestamp('read_at', { withTimezone: true }),
  /** Waiting for the push sender (only written true for users with a subscription). */
  pushPending: boolean('push_pending').notNull().default(false),
  /** Waiting for the SMS composer (written true by migration 0022's trigger for households that want it). */
  smsPending: boolean('sms_pending').notNull().default(false),
}, (t) => [
  index('notifications_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
  index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} IS NULL`),
  index('notifications_push_idx').on(t.createdAt).where(sql`${t.pushPending}`),
  index('notifications_sms_idx').on(t.createdAt).where(sql`${t.smsPending}`),
  check('notifications_type_check', sql`${t.type} IN ('order_placed', 'order_status', 'message', 'review', 'moderation', 'standing_skipped', 'standing_price_changed', 'drop_announced', 'drop_changed', 'order_weighed', 'payment_reported', 'payment_reminder', 'waitlist_offer')`),
]);

/** A Web Push subscription of one device. */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  endpoint: text('endpoint').notNull(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
  index('push_subscriptions_user_idx').on(t.userId),
]);

/** A standing order's line: a product of its household and how much of it every cycle. */
export interface StoredStandingItem { productId: string; quantity: number }

/**
 * The same basket of one household every 1, 2 or 4 weeks (docs/standing-orders.md). Its cycle
 * dates are `anchor_date` + k * 7 * every_weeks days.
 */
export const standingOrders = pgTable('standing_orders', {
  id: id(),
  buyerId: uuid('buyer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  householdId: uuid('household_id').notNull().references(() => households.id, { onDelete: 'cascade' }),
  items: jsonb('items').$type<StoredStandingItem[]>().notNull(),
  everyWeeks: integer('every_weeks').notNull(),
  weekday: integer('weekday').notNull(),
  anchorDate: date('anchor_date', { mode: 'string' }).notNull(),
  deliveryType: text('delivery_type', { enum: ['pickup', 'delivery'] }).notNull(),
  pickupPointId: uuid('pickup_point_id'),
  time: text('time'),
  deliveryArea: text('delivery_area'),
  deliveryAddress: text('delivery_address'),
  paymentMethod: text('payment_method', { enum: ['cash', 'ips_qr'] }).notNull(),
  contactPhone: text('contact_phone').notNull(),
  notes: text('notes'),
  status: text('status', { enum: ['active', 'paused', 'cancelled'] }).notNull().default('active'),
  pausedUntil: date('paused_until', { mode: 'string' }),
  skipDates: date('skip_dates', { mode: 'string' }).array().notNull().default(sql`'{}'`),
  lastOrderId: uuid('last_order_id').references(() => orders.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('standing_orders_buyer_idx').on(t.buyerId, t.createdAt.desc(), t.id.desc()),
  index('standing_orders_household_idx').on(t.householdId).where(sql`${t.status} <> 'cancelled'`),
]);

/** Each (standing order, date) acted on, once: claimed, then ordered or skipped. */
export const standingOrderCycles = pgTable('standing_order_cycles', {
  standingOrderId: uuid('standing_order_id').notNull().references(() => standingOrders.id, { onDelete: 'cascade' }),
  date: date('date', { mode: 'string' }).notNull(),
  status: text('status', { enum: ['claimed', 'ordered', 'skipped'] }).notNull(),
  reason: text('reason'),
  orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  doneAt: timestamp('done_at', { withTimezone: true }),
}, (t) => [primaryKey({ name: 'standing_order_cycles_pk', columns: [t.standingOrderId, t.date] })]);

/**
 * A drop: several households at one place for an hour, ordered until `order_by`
 * (docs/drops.md). Copies made by one POST with repeatWeeks share `series_id`.
 */
export const drops = pgTable('drops', {
  id: id(),
  seriesId: uuid('series_id').notNull(),
  hostHouseholdId: uuid('host_household_id').notNull().references(() => households.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  placeName: text('place_name').notNull(),
  placeAddress: text('place_address').notNull(),
  placeTown: text('place_town').notNull(),
  /** searchKey(placeTown): found in either script, without diacritics. */
  townKey: text('town_key').notNull(),
  lat: doublePrecision('lat'),
  lng: doublePrecision('lng'),
  date: date('date', { mode: 'string' }).notNull(),
  opens: text('opens').notNull(),
  closes: text('closes').notNull(),
  orderBy: timestamp('order_by', { withTimezone: true }).notNull(),
  note: text('note'),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  cancelReason: text('cancel_reason'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('drops_date_idx').on(t.date, t.opens, t.id).where(sql`${t.cancelledAt} IS NULL`),
  index('drops_town_key_idx').using('gin', sql`${t.townKey} gin_trgm_ops`),
  index('drops_host_idx').on(t.hostHouseholdId, t.date),
  check('drops_title_length', sql`char_length(${t.title}) BETWEEN 1 AND 80`),
]);

/** The households of a drop, its host included. */
export const dropMembers = pgTable('drop_members', {
  dropId: uuid('drop_id').notNull().references(() => drops.id, { onDelete: 'cascade' }),
  householdId: uuid('household_id').notNull().references(() => households.id, { onDelete: 'cascade' }),
  joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ name: 'drop_members_pk', columns: [t.dropId, t.householdId] }),
  index('drop_members_household_idx').on(t.householdId),
]);

/** Each (drop, follower) told of the drop (drop_announced), once. */
export const dropAnnouncements = pgTable('drop_announcements', {
  dropId: uuid('drop_id').notNull().references(() => drops.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  householdId: uuid('household_id').notNull().references(() => households.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ name: 'drop_announcements_pk', columns: [t.dropId, t.userId] })]);

/** Hand-over marks of producers' devices, once per clientId (docs/drops.md). */
export const handoverMarks = pgTable('handover_marks', {
  clientId: uuid('client_id').primaryKey(),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  householdId: uuid('household_id').notNull().references(() => households.id, { onDelete: 'cascade' }),
  state: text('state', { enum: ['handed_over', 'no_show'] }).notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  /** Whether the mark changed the order (one older than the order's latest did not). */
  applied: boolean('applied').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('handover_marks_order_idx').on(t.orderId, t.at.desc()).where(sql`${t.applied}`),
  check('handover_marks_state_check', sql`${t.state} IN ('handed_over', 'no_show')`),
]);

/** A household's phone for SMS, its confirmation code (a hash) and its choices (docs/notifications.md, "SMS"). */
export const smsSettings = pgTable('sms_settings', {
  householdId: uuid('household_id').primaryKey().references(() => households.id, { onDelete: 'cascade' }),
  /** E.164 (src/shared/sms.ts normalisePhone). */
  phone: text('phone').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  codeHash: text('code_hash'),
  codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
  codeTries: integer('code_tries').notNull().default(0),
  codeSentAt: timestamp('code_sent_at', { withTimezone: true }),
  /** Codes sent since codes_window_at (an hour's window: the resend limit). */
  codesSent: integer('codes_sent').notNull().default(0),
  codesWindowAt: timestamp('codes_window_at', { withTimezone: true }),
  events: text('events').array().notNull().default(sql`'{order,message}'`),
  quietFrom: text('quiet_from').notNull().default('21:00'),
  quietTo: text('quiet_to').notNull().default('07:00'),
  script: text('script', { enum: ['latn', 'cyrl'] }).notNull().default('latn'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('sms_settings_confirmed_phone_key').on(t.phone).where(sql`${t.confirmedAt} IS NOT NULL`),
  check('sms_settings_script_check', sql`${t.script} IN ('latn', 'cyrl')`),
]);

/** SMS waiting, sent or given up on: kept and retried like mail_outbox (domain/sms-outbox.ts). */
export const smsOutbox = pgTable('sms_outbox', {
  id: id(),
  householdId: uuid('household_id').references(() => households.id, { onDelete: 'set null' }),
  phone: text('phone').notNull(),
  /** order | message | drop_cutoff | standing_demand | summary (merged after quiet hours) | code | help. */
  event: text('event').notNull(),
  text: text('text').notNull(),
  encoding: text('encoding', { enum: ['gsm7', 'ucs2'] }).notNull(),
  parts: integer('parts').notNull(),
  orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
  /** Held by the quiet hours (due when they end); held rows of a household are merged. */
  held: boolean('held').notNull().default(false),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  sendingUntil: timestamp('sending_until', { withTimezone: true }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  givenUpAt: timestamp('given_up_at', { withTimezone: true }),
  lastError: text('last_error'),
  /** The SMSC's id from submit_sm_resp; delivery receipts are matched on it. */
  messageId: text('message_id'),
  deliveryStatus: text('delivery_status'),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  index('sms_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} IS NULL AND ${t.givenUpAt} IS NULL`),
  index('sms_outbox_message_idx').on(t.messageId).where(sql`${t.messageId} IS NOT NULL`),
  index('sms_outbox_done_idx').on(t.createdAt).where(sql`${t.sentAt} IS NOT NULL OR ${t.givenUpAt} IS NOT NULL`),
  check('sms_outbox_encoding_check', sql`${t.encoding} IN ('gsm7', 'ucs2')`),
]);

/** A drop's cutoff summary (key: drop id) or tomorrow's standing demand (key: date) sent to a household: once, by this primary key. */
export const smsSummaries = pgTable('sms_summaries', {
  householdId: uuid('household_id').notNull().references(() => households.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['drop_cutoff', 'standing_demand'] }).notNull(),
  key: text('key').notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ name: 'sms_summaries_pk', columns: [t.householdId, t.kind, t.key] }), index('sms_summaries_created_idx').on(t.createdAt)]);

/** Every SMS reply received and what it did (outcome), or why it changed nothing. */
export const smsReplies = pgTable('sms_replies', {
  id: id(),
  phone: text('phone').notNull(),
  text: text('text').notNull(),
  householdId: uuid('household_id').references(() => households.id, { onDelete: 'set null' }),
  outcome: text('outcome').notNull(),
  createdAt: createdAt(),
}, (t) => [index('sms_replies_created_idx').on(t.createdAt)]);

/**
 * A job that runs once a period however many instances run it (migration 0024): the instance
 * whose row goes in does the work, in the same transaction (the SMS retention, features/sms).
 */
export const scheduledRuns = pgTable('scheduled_runs', {
  job: text('job').notNull(),
  /** The period the run is for (a Belgrade date). */
  period: text('period').notNull(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ name: 'scheduled_runs_pk', columns: [t.job, t.period] })]);
