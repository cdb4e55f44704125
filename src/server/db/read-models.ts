import { sql } from 'drizzle-orm';
import type { Household } from '#shared/contracts/households.ts';
import type { Product } from '#shared/contracts/products.ts';
import { paraToRsd } from '#shared/money.ts';
import { timeKeySql } from '../lib/keyset-cursor.ts';
import { households, products, reviews, users } from './schema.ts';

/**
 * The product and household as the API returns them (DESIGN.md section 5), read the same
 * way by every feature that answers with one (catalog, producer, households, follows).
 */

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
  promoted: products.promoted,
  stock: products.stock,
  rating: products.rating,
  reviewCount: products.reviewCount,
  createdAt: products.createdAt,
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
    image: row.image,
    thumbnail: row.thumbnail,
    category: row.category,
    availability: row.availability,
    featured: row.featured,
    promoted: row.promoted,
    stock: row.stock,
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
    hasActiveStory: sql<boolean>`EXISTS (SELECT 1 FROM stories s WHERE s.household_id = households.id AND s.expires_at > ${now.toISOString()}::timestamptz)`,
    isFollowing: viewerId
      ? sql<boolean>`EXISTS (SELECT 1 FROM follows f WHERE f.household_id = households.id AND f.user_id = ${viewerId}::uuid)`
      : sql<boolean>`false`,
  };
}

export type HouseholdReadRow = Omit<Household, 'hasActiveStory' | 'isFollowing'> & { hasActiveStory: unknown; isFollowing: unknown };

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
  createdAt: reviews.createdAt,
  timeKey: timeKeySql(reviews.createdAt),
};
