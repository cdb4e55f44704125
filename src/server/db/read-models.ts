import { sql, type SQL } from 'drizzle-orm';
import type { Household } from '#shared/contracts/households.ts';
import type { Product } from '#shared/contracts/products.ts';
import { paraToRsd } from '#shared/money.ts';
import { belgradeTodaySql, timeKeySql } from './sql-time.ts';
import type { HouseholdLegal } from '#shared/contracts/legal.ts';
import { PUBLIC_PIB_FORMS } from '#shared/legal.ts';
import type { OrderLine } from '#shared/contracts/orders.ts';
import { isEstimateLine, linePricePara } from '#shared/weight-price.ts';
import { households, products, reviews, users, type StoredDelivery, type StoredLegal, type StoredPickupPoint } from './schema.ts';
import type { orderItems } from './schema.ts';

/** An order line row. */
type OrderItemRow = typeof orderItems.$inferSelect;

/**
 * The product and household as the API returns them (docs/architecture.md, API), read the same
 * way by every feature that answers with one (catalog, producer, households, follows).
 */

/** The household's part of the rule below, on a households row aliased `h`. */
const householdRowIsPublic = (h: string) => `${h}.status = 'approved' AND ${h}.hidden_at IS NULL`;
/** The producer's part of the rule below, on a users row aliased `u`. */
const producerRowIsPublic = (u: string) => `${u}.confirmed_at IS NOT NULL AND ${u}.suspended_at IS NULL AND ${u}.deleted_at IS NULL`;

/**
 * THE rule of which households the public sees, in one place: a household (with its products
 * and stories) appears in an anonymous or another user's answer (lists, search, product,
 * household and story reads, reviews, buyer pages, the pages and link previews built from
 * them) only while this holds:
 * - its producer has confirmed the e-mail (an unconfirmed signup's household is unknown to
 *   everyone else: 404), is not suspended by an operator and has not deleted the account;
 * - the household is approved by an operator (PRODUCER_APPROVAL; `pending` and `suspended`
 *   are not public) and not hidden after a report.
 * The subquery has the household (`pub_h`) and its producer (`pub_u`) at hand.
 *
 * `householdId` is a trusted SQL column reference written in code (never input), e.g.
 * 'households.id', 'products.household_id', 'h.id'. Name the table explicitly: drizzle leaves
 * columns unqualified in single-table selects, where a bare "id" would bind inside the subquery.
 *
 * Answers that depend on it are kept fresh by the public cache: every column it reads
 * notifies the cache's topics when it changes (migrations 0004, 0005 and 0008).
 */
export function publicHouseholdCondition(householdId: string): string {
  if (!/^[a-z_]+\.[a-z_]+$/.test(householdId)) throw new Error(`publicHouseholdCondition: not a column reference: ${householdId}`);
  return `EXISTS (SELECT 1 FROM households pub_h JOIN users pub_u ON pub_u.id = pub_h.id WHERE pub_h.id = ${householdId}`
    + ` AND ${householdRowIsPublic('pub_h')} AND ${producerRowIsPublic('pub_u')})`;
}

/**
 * The same rule for a query that has already joined the household as `h` (a trusted table
 * name or alias, e.g. 'households'): its row is tested where it is, instead of being looked up
 * a second time per row (the catalogue's page and product reads: a quarter of their index
 * lookups, bench/results/history.md, "Ninth pass").
 */
export function joinedHouseholdIsPublicText(h: string): string {
  if (!/^[a-z_]+$/.test(h)) throw new Error(`joinedHouseholdIsPublicText: not a table name or alias: ${h}`);
  return `(${householdRowIsPublic(h)} AND EXISTS (SELECT 1 FROM users pub_u WHERE pub_u.id = ${h}.id AND ${producerRowIsPublic('pub_u')}))`;
}

/** publicHouseholdCondition as a drizzle SQL fragment, for `.where(and(...))` and `sql` templates. */
export function isPublicHousehold(householdId: string): SQL {
  return sql.raw(publicHouseholdCondition(householdId));
}

/** The product's own part of being public (its household's is the rule above), on a products row aliased `t`. */
const productRowIsPublic = (t: string) => `${t}.archived_at IS NULL AND ${t}.hidden_at IS NULL`;

/** A product in public answers, as text; `t` is the products table's name or alias. */
export function productIsPublicText(t = 'products'): string {
  return `(${productRowIsPublic(t)} AND ${publicHouseholdCondition(`${t}.household_id`)})`;
}

/** A product in public answers: not archived, not hidden by an operator, of a public household. `t` is the products table's name or alias in the query. */
export function productIsPublicSql(t = 'products'): SQL {
  return sql.raw(productIsPublicText(t));
}

/** productIsPublicSql for a query that joins the product's household as `h` (joinedHouseholdIsPublicText). */
export function productOfJoinedHouseholdIsPublicSql(t = 'products', h = 'households'): SQL {
  return sql.raw(`(${productRowIsPublic(t)} AND ${joinedHouseholdIsPublicText(h)})`);
}

/**
 * A review that counts (in public lists, ratings and counters): not hidden by an operator, and
 * its author neither suspended, deleted nor hidden, nor a suspended or hidden household.
 * `r` is the reviews table's name or alias in the query.
 */
export function reviewCountsSql(r = 'reviews'): SQL {
  const t = sql.raw(r);
  return sql`(${t}.hidden_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM users ru WHERE ru.id = ${t}.user_id AND (ru.suspended_at IS NOT NULL OR ru.deleted_at IS NOT NULL OR ru.hidden_at IS NOT NULL))
    AND NOT EXISTS (SELECT 1 FROM households rh WHERE rh.id = ${t}.user_id AND (rh.status = 'suspended' OR rh.hidden_at IS NOT NULL)))`;
}

/** A story in public answers. `t` is the stories table's name or alias. */
export function storyIsPublicSql(t = 'stories'): SQL {
  return sql`(${sql.raw(t)}.hidden_at IS NULL AND ${isPublicHousehold(`${t}.household_id`)})`;
}

/**
 * A buyer page in public answers: a confirmed customer account, not hidden or suspended by an
 * operator nor deleted. `t` is the users table's name or alias.
 */
export function buyerIsPublicSql(t = 'users'): SQL {
  const u = sql.raw(t);
  return sql`(${u}.user_type = 'customer' AND ${u}.confirmed_at IS NOT NULL AND ${u}.hidden_at IS NULL AND ${u}.suspended_at IS NULL AND ${u}.deleted_at IS NULL)`;
}


/** Whether a product is promoted now: flagged by an operator and not past its end day. */
export function promotedNowSql(t = 'products'): SQL {
  return sql`(${sql.raw(t)}.promoted AND (${sql.raw(t)}.promoted_until IS NULL OR ${sql.raw(t)}.promoted_until >= ${belgradeTodaySql}))`;
}

/**
 * Recomputes a product's rating and review count, then its household's, over the reviews
 * that count (reviewCountsSql). Run inside the transaction that changed a review's standing.
 */
export function productRatingSet(productId: string) {
  return {
    rating: sql`COALESCE((SELECT round(avg(r.rating)::numeric, 2)::float8 FROM reviews r WHERE r.product_id = ${productId} AND ${reviewCountsSql('r')}), 0)`,
    reviewCount: sql`(SELECT count(*)::int FROM reviews r WHERE r.product_id = ${productId} AND ${reviewCountsSql('r')})`,
  };
}

export function householdRatingSet(householdId: string) {
  return {
    rating: sql`COALESCE((SELECT round(avg(r.rating)::numeric, 2)::float8 FROM reviews r JOIN products p ON p.id = r.product_id WHERE p.household_id = ${householdId} AND ${reviewCountsSql('r')}), 0)`,
    reviewCount: sql`(SELECT count(*)::int FROM reviews r JOIN products p ON p.id = r.product_id WHERE p.household_id = ${householdId} AND ${reviewCountsSql('r')})`,
  };
}

/** Select with `.innerJoin(households, eq(households.id, products.householdId))`. */
export const productColumns = {
  id: products.id,
  householdId: products.householdId,
  householdName: households.name,
  name: products.name,
  description: products.description,
  pricePara: products.pricePara,
  unit: products.unit,
  image: products.image,
  thumbnail: products.thumbnail,
  category: products.category,
  availability: products.availability,
  featured: products.featured,
  promoted: sql<boolean>`${promotedNowSql()}`,
  stock: products.stock,
  quantityStep: products.quantityStep,
  availableFrom: products.availableFrom,
  ingredients: products.ingredients,
  allergens: products.allergens,
  storage: products.storage,
  rating: products.rating,
  reviewCount: products.reviewCount,
  createdAt: products.createdAt,
  pricing: products.pricing,
  pieceWeight: products.pieceWeight,
  depositPercent: products.depositPercent,
  preorderLimit: products.preorderLimit,
};

export type ProductReadRow = Omit<Product, 'price' | 'createdAt'> & { pricePara: number; createdAt: Date };

export function toProductDto(row: ProductReadRow): Product {
  return {
    id: row.id,
    householdId: row.householdId,
    householdName: row.householdName,
    name: row.name,
    description: row.description,
    price: paraToRsd(row.pricePara),
    unit: row.unit,
    pricing: row.pricing,
    pieceWeight: row.pieceWeight === null ? null : Number(row.pieceWeight),
    image: row.image,
    thumbnail: row.thumbnail,
    category: row.category,
    availability: row.availability,
    featured: row.featured,
    promoted: row.promoted,
    stock: row.stock,
    quantityStep: row.quantityStep,
    availableFrom: row.availableFrom,
    ingredients: row.ingredients,
    allergens: row.allergens,
    storage: row.storage,
    depositPercent: row.depositPercent,
    preorderLimit: row.preorderLimit,
    rating: row.rating,
    reviewCount: row.reviewCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Household columns, with `hasActiveStory` at `now` and `isFollowing` for the viewer.
 * The subqueries name the outer table in plain SQL: drizzle leaves columns unqualified in
 * single-table selects, where "id" would bind to the subquery's own table.
 */
export function householdColumns(now: Date, viewerId: string | null) {
  return {
    id: households.id,
    name: households.name,
    description: households.description,
    location: households.location,
    avatar: households.avatar,
    followerCount: households.followerCount,
    rating: households.rating,
    reviewCount: households.reviewCount,
    pickupPoints: households.pickupPoints,
    delivery: households.delivery,
    minimumOrderPara: households.minimumOrderPara,
    paymentCash: households.paymentCash,
    ipsAccount: households.ipsAccount,
    ipsPayeeName: households.ipsPayeeName,
    standingCutoffHours: households.standingCutoffHours,
    depositDays: households.depositDays,
    legal: households.legal,
    legalVerifiedAt: households.legalVerifiedAt,
    /** The owner sees its own PIB whatever the form (PUBLIC_PIB_FORMS, src/shared/legal.ts). */
    isOwner: viewerId ? sql<boolean>`(households.id = ${viewerId}::uuid)` : sql<boolean>`false`,
    hasActiveStory: sql<boolean>`EXISTS (SELECT 1 FROM stories s WHERE s.household_id = households.id AND s.hidden_at IS NULL AND s.expires_at > ${now.toISOString()}::timestamptz)`,
    isFollowing: viewerId
      ? sql<boolean>`EXISTS (SELECT 1 FROM follows f WHERE f.household_id = households.id AND f.user_id = ${viewerId}::uuid)`
      : sql<boolean>`false`,
  };
}

export type HouseholdReadRow = Omit<Household, 'hasActiveStory' | 'isFollowing' | 'pickupPoints' | 'delivery' | 'minimumOrder' | 'payment' | 'legal'> & {
  hasActiveStory: unknown; isFollowing: unknown; isOwner: unknown;
  legal: StoredLegal; legalVerifiedAt: Date | string | null;
  pickupPoints: StoredPickupPoint[]; delivery: StoredDelivery; minimumOrderPara: number;
  paymentCash: boolean; ipsAccount: string | null; ipsPayeeName: string | null;
};

/** The household's logistics and payment settings as the API shows them (RSD). */
export function householdSettingsDto(row: Pick<HouseholdReadRow, 'pickupPoints' | 'delivery' | 'minimumOrderPara' | 'paymentCash' | 'ipsAccount' | 'ipsPayeeName'>) {
  const d = row.delivery;
  return {
    pickupPoints: row.pickupPoints.map((p) => ({ id: p.id, name: p.name, address: p.address, note: p.note, hours: p.hours })),
    delivery: {
      enabled: d.enabled, areas: d.areas, fee: paraToRsd(d.feePara),
      freeFrom: d.freeFromPara === null ? null : paraToRsd(d.freeFromPara), leadDays: d.leadDays, weekdays: d.weekdays,
    },
    minimumOrder: paraToRsd(row.minimumOrderPara),
    payment: { cash: row.paymentCash, ipsAccount: row.ipsAccount, ipsPayeeName: row.ipsPayeeName },
  };
}

export function toHouseholdDto(row: HouseholdReadRow): Household {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    location: row.location,
    avatar: row.avatar,
    followerCount: row.followerCount,
    rating: row.rating,
    reviewCount: row.reviewCount,
    hasActiveStory: Boolean(row.hasActiveStory),
    isFollowing: Boolean(row.isFollowing),
    ...householdSettingsDto(row),
    standingCutoffHours: row.standingCutoffHours,
    depositDays: row.depositDays,
    legal: householdLegalDto(row.legal, row.legalVerifiedAt, Boolean(row.isOwner)),
  };
}

/**
 * The papers as a household answer shows them: the PIB only for forms whose PIB is public
 * (an entrepreneur's, a company's) or to the owner.
 */
export function householdLegalDto(legal: StoredLegal, verifiedAt: Date | string | null, isOwner: boolean): HouseholdLegal {
  return {
    form: legal.form,
    holdingNumber: legal.holdingNumber,
    pib: isOwner || PUBLIC_PIB_FORMS.includes(legal.form) ? legal.pib : null,
    registrations: legal.registrations.map((r) => ({ kind: r.kind, number: r.number, categories: [...r.categories] })),
    verifiedAt: verifiedAt === null ? null : new Date(verifiedAt).toISOString(),
  };
}

/** A review with its author, plus the cursor's time part. Select with `.innerJoin(users, eq(users.id, reviews.userId))`. */
export const reviewColumns = {
  id: reviews.id,
  productId: reviews.productId,
  userId: reviews.userId,
  userName: users.name,
  userAvatar: users.avatar,
  rating: reviews.rating,
  comment: reviews.comment,
  /** The author has a completed order with this product. */
  verifiedPurchase: sql<boolean>`EXISTS (SELECT 1 FROM orders vo JOIN order_items vi ON vi.order_id = vo.id
    WHERE vo.buyer_id = reviews.user_id AND vi.product_id = reviews.product_id AND vo.status = 'completed')`,
  createdAt: reviews.createdAt,
  timeKey: timeKeySql(reviews.createdAt),
};

/**
 * An order line as the API returns it (orders, pick lists), priced by src/shared/weight-price.ts
 * (the row is a PricedLine as it is: its numeric columns are read in mode 'number').
 */
export function toOrderLineDto(i: OrderItemRow): OrderLine {
  return {
    productId: i.productId, name: i.name, unit: i.unit, unitPrice: paraToRsd(i.unitPricePara), quantity: i.quantity,
    lineTotal: paraToRsd(linePricePara(i)), pricing: i.pricing, pieceWeight: i.pieceWeight,
    estimate: isEstimateLine(i), weight: i.weight,
  };
}

/**
 * Units of a product on pre-ordered lines of orders not cancelled: what its preorder_limit caps
 * (src/shared/deposit.ts). Run it after the product's row is locked, as a statement of its own,
 * so it sees every checkout that committed before the lock was granted.
 */
export const PREORDERED_QUANTITY_SQL = `
SELECT coalesce(sum(i.quantity), 0)::float8 AS n
FROM order_items i JOIN orders o ON o.id = i.order_id
WHERE i.product_id = $1::uuid AND i.preorder AND o.status <> 'cancelled'`;

/** PREORDERED_QUANTITY_SQL for drizzle's execute. */
export function preorderedQuantityQuery(productId: string): SQL {
  const [before, after] = PREORDERED_QUANTITY_SQL.split('$1');
  return sql`${sql.raw(before!)}${productId}${sql.raw(after!)}`;
}
