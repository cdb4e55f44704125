import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn, bigint, boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey,
  text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';

/**
 * The data model of DESIGN.md section 4. Money is integer para (1 RSD = 100 para).
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
  language: text('language', { enum: ['sr', 'en', 'ru'] }).notNull().default('sr'),
  notifyByEmail: boolean('notify_by_email').notNull().default(true),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
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

/** A household's id is its producer's user id, as in the spec. */
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
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

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
  unit: text('unit', { enum: ['kg', 'l', 'jar', 'pc'] }).notNull(),
  category: text('category', { enum: ['fruit', 'vegetables', 'dairy', 'honey', 'preserves', 'meat', 'other'] }).notNull(),
  image: text('image'),
  thumbnail: text('thumbnail'),
  availability: boolean('availability').notNull().default(true),
  featured: boolean('featured').notNull().default(false),
  promoted: boolean('promoted').notNull().default(false),
  /** Whole units left; null = unlimited. Never negative (checked by the database). */
  stock: integer('stock'),
  rating: doublePrecision('rating').notNull().default(0),
  reviewCount: integer('review_count').notNull().default(0),
  searchKey: text('search_key').notNull().default(''),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  check('products_stock_nonnegative', sql`${t.stock} IS NULL OR ${t.stock} >= 0`),
  check('products_price_positive', sql`${t.pricePara} > 0`),
  index('products_household_idx').on(t.householdId, t.createdAt.desc(), t.id.desc()),
  index('products_feed_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.archivedAt} IS NULL AND ${t.availability}`),
  index('products_category_idx').on(t.category, t.createdAt.desc(), t.id.desc()).where(sql`${t.archivedAt} IS NULL AND ${t.availability}`),
  index('products_search_trgm_idx').using('gin', sql`${t.searchKey} gin_trgm_ops`),
  // Search ranks name matches first (issue 4); this serves the name part. See productNameKeySql.
  index('products_name_key_trgm_idx').using('gin', sql`(${productNameKeySql(t.name)}) gin_trgm_ops`),
]);

export const stories = pgTable('stories', {
  id: id(),
  householdId: uuid('household_id').notNull().references(() => households.id, { onDelete: 'cascade' }),
  mediaId: uuid('media_id').references(() => media.id, { onDelete: 'set null' }),
  mediaUrl: text('media_url').notNull(),
  mediaType: text('media_type', { enum: ['image', 'video'] }).notNull(),
  caption: text('caption'),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [index('stories_household_expires_idx').on(t.householdId, t.expiresAt)]);

export const reviews = pgTable('reviews', {
  id: id(),
  productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  rating: integer('rating').notNull(),
  comment: text('comment').notNull(),
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

export const orders = pgTable('orders', {
  id: id(),
  /** All orders written by one checkout share it (one per household, all or none). */
  checkoutId: uuid('checkout_id').notNull(),
  buyerId: uuid('buyer_id').notNull().references(() => users.id),
  householdId: uuid('household_id').notNull().references(() => households.id),
  status: text('status', { enum: ['pending', 'confirmed', 'ready', 'completed', 'cancelled'] }).notNull().default('pending'),
  deliveryType: text('delivery_type', { enum: ['pickup', 'delivery'] }).notNull(),
  pickupDate: date('pickup_date', { mode: 'string' }).notNull(),
  pickupTime: text('pickup_time').notNull(),
  deliveryAddress: text('delivery_address'),
  contactPhone: text('contact_phone').notNull(),
  notes: text('notes'),
  totalPara: bigint('total_para', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('orders_buyer_idx').on(t.buyerId, t.createdAt.desc()),
  index('orders_household_idx').on(t.householdId, t.status, t.createdAt.desc()),
  index('orders_checkout_idx').on(t.checkoutId),
]);

/** Name, unit and unit price are copied at order time: later edits never change an order. */
export const orderItems = pgTable('order_items', {
  id: id(),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  productId: uuid('product_id').notNull().references(() => products.id),
  name: text('name').notNull(),
  unit: text('unit', { enum: ['kg', 'l', 'jar', 'pc'] }).notNull(),
  unitPricePara: bigint('unit_price_para', { mode: 'number' }).notNull(),
  quantity: integer('quantity').notNull(),
}, (t) => [
  index('order_items_order_idx').on(t.orderId),
  index('order_items_product_idx').on(t.productId),
  check('order_items_quantity_positive', sql`${t.quantity} > 0`),
]);

export const orderEvents = pgTable('order_events', {
  id: id(),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['pending', 'confirmed', 'ready', 'completed', 'cancelled'] }).notNull(),
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
  createdAt: createdAt(),
}, (t) => [index('mail_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} IS NULL`)]);
