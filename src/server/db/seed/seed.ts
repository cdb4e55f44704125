import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { TIMINGS, type OrderStatus } from '#shared/constants.ts';
import { addDays, belgradeDateOf, belgradeInstant, isoWeekday } from '#shared/time.ts';
import { firstCycleDate } from '#shared/standing-schedule.ts';
import { linePricePara } from '#shared/weight-price.ts';
import { STANDING_CUTOFF_DEFAULT_HOURS } from '#shared/contracts/standing-orders.ts';
import { productSearchKey } from '#shared/category-search.ts';
import { searchKey } from '#shared/search-key.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { isLocalUrl } from '../../config/env.ts';
import type { Db, DbOrTx } from '../client.ts';
import {
  dropMembers, drops, follows, households, media, orderEvents, orderItems, orders, products, reviews, smsSettings, standingOrders, stories, users, waitlistEntries,
  type StoredPickupPoint,
} from '../schema.ts';
import {
  BUYERS, CHECKOUTS, DEMO_ACCOUNTS, DEMO_PASSWORD, DROPS, OPERATOR, FOLLOWS, HOUSEHOLDS, PRODUCTS, REVIEWS, STANDING, STORIES, WAITLIST,
} from './data.ts';
import { DEPOSIT_DAYS_DEFAULT, depositDueAt, depositPara } from '#shared/deposit.ts';
import type { RenderedImage } from './images.ts';
import { mapLimit } from '../../lib/map-limit.ts';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './data.ts';

/** Held for the seeding transaction, so two instances starting at once seed only once. */
const SEED_LOCK_KEY = 7_311_044;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export interface SeedOptions {
  mediaDir: string;
  log: (msg: string) => void;
  now?: Date;
}

async function isEmpty(q: DbOrTx): Promise<boolean> {
  const rows = await q.select({ id: users.id }).from(users).limit(1);
  return rows.length === 0;
}

interface Images {
  products: Map<string, RenderedImage>;
  households: Map<string, RenderedImage>;
  buyers: Map<string, RenderedImage>;
  stories: Map<string, RenderedImage>;
}

/** Renders every sample image (skipping files already on disk). */
export async function renderImages(mediaDir: string): Promise<Images> {
  // Loaded only when seeding: sharp (libvips) stays out of a running server's memory.
  const { householdAvatarSvg, personAvatarSvg, productSvg, renderSeedImage, storySvg } = await import('./images.ts');
  type Job = { group: keyof Images; key: string; run: () => Promise<RenderedImage> };
  const jobs: Job[] = [
    ...PRODUCTS.map((p): Job => ({
      group: 'products', key: p.slug,
      run: () => renderSeedImage(mediaDir, p.slug, productSvg(p.slug, p.image), { width: 800, height: 600, thumbnail: true }),
    })),
    ...HOUSEHOLDS.map((h): Job => ({
      group: 'households', key: h.key,
      run: () => renderSeedImage(mediaDir, `household-${h.key}`, householdAvatarSvg(h.key, h.avatar), { width: 256, height: 256, thumbnail: false }),
    })),
    ...BUYERS.map((b): Job => ({
      group: 'buyers', key: b.key,
      run: () => renderSeedImage(mediaDir, `buyer-${b.key}`, personAvatarSvg(b.avatar), { width: 256, height: 256, thumbnail: false }),
    })),
    ...STORIES.map((s): Job => ({
      group: 'stories', key: s.slug,
      run: () => renderSeedImage(mediaDir, s.slug, storySvg(s.slug, s.scene), { width: 720, height: 1280, thumbnail: false }),
    })),
  ];
  // At most 6 at a time: sharp renders on the libuv pool.
  const rendered = await mapLimit(jobs, 6, (job) => job.run());
  const images: Images = { products: new Map(), households: new Map(), buyers: new Map(), stories: new Map() };
  jobs.forEach((job, i) => {
    const img = rendered[i];
    if (img) images[job.group].set(job.key, img);
  });
  return images;
}

function must<K, V>(map: Map<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`seed data: unknown ${what} "${String(key)}"`);
  return value;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

const STATUS_PATHS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['pending'],
  confirmed: ['pending', 'confirmed'],
  ready: ['pending', 'confirmed', 'ready'],
  completed: ['pending', 'confirmed', 'ready', 'completed'],
  cancelled: ['pending', 'cancelled'],
  awaiting_buyer: ['pending', 'confirmed', 'awaiting_buyer'],
  no_show: ['pending', 'confirmed', 'ready', 'no_show'],
  awaiting_deposit: ['awaiting_deposit'],
};

/**
 * Where and when a sample pickup order is collected, as a checkout would have it: the
 * household's first point open at 10:00 that day, else one open at all that day, in its
 * window (the opening stored, as for a buyer who chose no time), else its first point;
 * a household without points takes 10:00 by hand (null).
 */
function samplePickup(points: readonly StoredPickupPoint[], date: string): { point: StoredPickupPoint; time: string } | null {
  const day = isoWeekday(date);
  const windows = points.flatMap((point) => point.hours.filter((h) => h.weekday === day).map((h) => ({ point, h })));
  const atTen = windows.find(({ h }) => h.opens <= '10:00' && '10:00' <= h.closes);
  if (atTen) return { point: atTen.point, time: '10:00' };
  if (windows[0]) return { point: windows[0].point, time: windows[0].h.opens };
  return points[0] ? { point: points[0], time: '10:00' } : null;
}

/** Every row of the sample data, with ids and timestamps fixed before anything is inserted. */
function buildRows(now: Date, passwordHash: string, images: Images) {
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);
  const userIds = new Map<string, string>();
  for (const h of HOUSEHOLDS) userIds.set(h.key, randomUUID());
  for (const b of BUYERS) userIds.set(b.key, randomUUID());
  const householdById = new Map(HOUSEHOLDS.map((h) => [h.key, h]));
  const buyerByKey = new Map(BUYERS.map((b) => [b.key, b]));
  const productBySlug = new Map(PRODUCTS.map((p) => [p.slug, p]));
  const productIds = new Map(PRODUCTS.map((p) => [p.slug, randomUUID()]));

  const mediaRows: Array<typeof media.$inferInsert> = [];
  const addMedia = (ownerId: string, img: RenderedImage, createdAt: Date): string => {
    const id = randomUUID();
    mediaRows.push({
      id, ownerId, type: 'image', mime: 'image/webp', url: img.url, thumbnailUrl: img.thumbnailUrl,
      width: img.width, height: img.height, bytes: img.bytes, createdAt,
    });
    return id;
  };

  const userRows: Array<typeof users.$inferInsert> = [];
  const householdRows: Array<typeof households.$inferInsert> = [];
  /** Each household's stored pickup points, for the sample orders. */
  const pointsOf = new Map<string, StoredPickupPoint[]>();
  for (const h of HOUSEHOLDS) {
    const id = must(userIds, h.key, 'household');
    const joined = at(h.joinedDaysAgo * DAY_MS);
    const avatar = must(images.households, h.key, 'household image');
    userRows.push({
      id, email: h.email.toLowerCase(), passwordHash, name: h.ownerName, userType: 'producer', phone: h.phone,
      location: h.location, bio: h.bio, avatar: avatar.url, language: 'sr',
      confirmedAt: new Date(joined.getTime() + 10 * 60 * 1000), createdAt: joined, updatedAt: joined,
    });
    addMedia(id, avatar, joined);
    const l = h.logistics;
    const points = (l?.pickupPoints ?? []).map((p) => ({ id: randomUUID(), name: p.name, address: p.address, note: p.note ?? null, hours: p.hours }));
    pointsOf.set(h.key, points);
    householdRows.push({
      id, name: h.name, description: h.description, location: h.location, avatar: avatar.url,
      searchKey: searchKey(h.name, h.location), status: 'approved', createdAt: joined, updatedAt: joined,
      ...(h.legal ? {
        legal: { form: h.legal.form, holdingNumber: h.legal.holdingNumber, pib: h.legal.pib, registrations: h.legal.registrations },
        legalVerifiedAt: h.legal.verified ? new Date(joined.getTime() + DAY_MS) : null,
      } : {}),
      ...(l ? {
        pickupPoints: points,
        delivery: l.delivery
          ? { enabled: true, areas: l.delivery.areas, feePara: l.delivery.feeRsd * 100, freeFromPara: l.delivery.freeFromRsd === null ? null : l.delivery.freeFromRsd * 100, leadDays: l.delivery.leadDays, weekdays: l.delivery.weekdays }
          : undefined,
        minimumOrderPara: (l.minimumOrderRsd ?? 0) * 100,
        ipsAccount: l.ipsAccount ?? null,
        ipsPayeeName: l.ipsAccount ? h.name : null,
      } : {}),
    });
  }
  for (const b of BUYERS) {
    const id = must(userIds, b.key, 'buyer');
    const joined = at(b.joinedDaysAgo * DAY_MS);
    const avatar = must(images.buyers, b.key, 'buyer image');
    userRows.push({
      id, email: b.email.toLowerCase(), passwordHash, name: b.name, userType: 'customer', phone: b.phone,
      location: b.location, bio: b.bio, avatar: avatar.url, language: b.language,
      confirmedAt: new Date(joined.getTime() + 5 * 60 * 1000), createdAt: joined, updatedAt: joined,
    });
    addMedia(id, avatar, joined);
  }
  // The demo operator (the console at /admin); real operators are granted with npm run admin.
  const operatorJoined = at(150 * DAY_MS);
  userRows.push({
    id: randomUUID(), email: OPERATOR.email, passwordHash, name: OPERATOR.name, userType: 'customer', language: 'sr',
    isAdmin: true, confirmedAt: operatorJoined, createdAt: operatorJoined, updatedAt: operatorJoined,
  });

  // Reviews first: product and household ratings are derived from them.
  const reviewRows: Array<typeof reviews.$inferInsert> = [];
  const seen = new Set<string>();
  for (const [i, r] of REVIEWS.entries()) {
    const pair = `${r.product}/${r.buyer}`;
    if (seen.has(pair)) throw new Error(`seed data: ${r.buyer} reviews ${r.product} twice`);
    seen.add(pair);
    const createdAt = at(r.daysAgo * DAY_MS - i * 1000);
    reviewRows.push({
      id: randomUUID(), productId: must(productIds, r.product, 'product'), userId: must(userIds, r.buyer, 'buyer'),
      rating: r.rating, comment: r.comment, createdAt, updatedAt: createdAt,
    });
  }
  const ratingsOf = (filter: (slug: string) => boolean) => REVIEWS.filter((r) => filter(r.product)).map((r) => r.rating);
  const summary = (ratings: number[]) => ({
    rating: ratings.length === 0 ? 0 : round1(ratings.reduce((a, b) => a + b, 0) / ratings.length),
    reviewCount: ratings.length,
  });

  const productRows: Array<typeof products.$inferInsert> = PRODUCTS.map((p, i) => {
    const h = must(householdById, p.household, 'household');
    const ownerId = must(userIds, p.household, 'household');
    const img = must(images.products, p.slug, 'product image');
    // Distinct creation times even if two products shared a day value.
    const createdAt = at(p.daysAgo * DAY_MS + i * 7000);
    addMedia(ownerId, img, createdAt);
    return {
      id: must(productIds, p.slug, 'product'), householdId: ownerId, name: p.name, description: p.description,
      pricePara: p.priceRsd * 100, unit: p.unit, category: p.category, image: img.url, thumbnail: img.thumbnailUrl,
      availability: p.available ?? true, featured: p.featured ?? false, promoted: p.promoted ?? false,
      stock: p.stock ?? null, quantityStep: p.quantityStep ?? 1,
      pricing: p.pieceWeight === undefined ? 'unit' : 'weight', pieceWeight: p.pieceWeight ?? null,
      ingredients: p.label?.ingredients ?? null, allergens: p.label?.allergens ?? [], storage: p.label?.storage ?? null,
      depositPercent: p.depositPercent ?? 0, preorderLimit: p.preorderLimit ?? null,
      availableFrom: p.availableInDays === undefined ? null : new Date(now.getTime() + p.availableInDays * DAY_MS).toISOString().slice(0, 10),
      ...summary(ratingsOf((slug) => slug === p.slug)),
      searchKey: productSearchKey(p.name, h.name, p.category, h.location), createdAt, updatedAt: createdAt,
    };
  });

  const followRows: Array<typeof follows.$inferInsert> = [];
  for (const [bi, [buyer, keys]] of FOLLOWS.entries()) {
    for (const [k, key] of keys.entries()) {
      followRows.push({
        userId: must(userIds, buyer, 'buyer'), householdId: must(userIds, key, 'household'),
        createdAt: at((40 - bi * 5 - k) * DAY_MS),
      });
    }
  }
  for (const row of householdRows) {
    const h = HOUSEHOLDS.find((x) => userIds.get(x.key) === row.id);
    row.followerCount = followRows.filter((f) => f.householdId === row.id).length;
    Object.assign(row, summary(ratingsOf((slug) => productBySlug.get(slug)?.household === h?.key)));
  }

  const storyRows: Array<typeof stories.$inferInsert> = STORIES.map((s) => {
    const ownerId = must(userIds, s.household, 'household');
    const img = must(images.stories, s.slug, 'story image');
    const createdAt = at(s.hoursAgo * HOUR_MS);
    const mediaId = addMedia(ownerId, img, createdAt);
    return {
      id: randomUUID(), householdId: ownerId, mediaId, mediaUrl: img.url, mediaType: 'image', caption: s.caption,
      createdAt, expiresAt: new Date(createdAt.getTime() + TIMINGS.storyLifetimeMs),
    };
  });

  const orderRows: Array<typeof orders.$inferInsert> = [];
  const itemRows: Array<typeof orderItems.$inferInsert> = [];
  const eventRows: Array<typeof orderEvents.$inferInsert> = [];
  for (const c of CHECKOUTS) {
    const checkoutId = randomUUID();
    const buyer = must(buyerByKey, c.buyer, 'buyer');
    const buyerId = must(userIds, c.buyer, 'buyer');
    const createdAt = at(c.daysAgo * DAY_MS);
    for (const o of c.orders) {
      const orderId = randomUUID();
      const producerId = must(userIds, o.household, 'household');
      let total = 0;
      let estimate = 0;
      for (const [slug, quantity] of o.items) {
        const p = must(productBySlug, slug, 'product');
        if (p.household !== o.household) throw new Error(`seed data: ${slug} is not sold by ${o.household}`);
        // Priced as the checkout prices it (src/shared/weight-price.ts): an estimate until weighed.
        const line = { pricing: p.pieceWeight === undefined ? 'unit' as const : 'weight' as const, unitPricePara: p.priceRsd * 100, quantity, pieceWeight: p.pieceWeight ?? null };
        const weight = line.pricing === 'weight' ? (o.weights?.[slug] ?? null) : null;
        estimate += linePricePara(line);
        total += linePricePara({ ...line, weight });
        itemRows.push({
          id: randomUUID(), orderId, productId: must(productIds, slug, 'product'), name: p.name, unit: p.unit,
          unitPricePara: p.priceRsd * 100, quantity, pricing: line.pricing, pieceWeight: line.pieceWeight, weight,
          preorder: p.availableInDays !== undefined,
        });
      }
      const soldByWeight = o.items.some(([slug]) => must(productBySlug, slug, 'product').pieceWeight !== undefined);
      const path = STATUS_PATHS[o.status];
      let last = createdAt;
      path.forEach((status, k) => {
        // Each later step a few hours after the previous one, never in the future.
        const t = new Date(Math.min(createdAt.getTime() + k * 5 * HOUR_MS, now.getTime() - (path.length - k) * 60_000));
        last = t;
        const byBuyer = status === 'pending' || status === 'cancelled';
        eventRows.push({ id: randomUUID(), orderId, status, actorId: byBuyer ? buyerId : producerId, createdAt: t });
      });
      const pickupDate = belgradeDateOf(new Date(createdAt.getTime() + c.pickupInDays * DAY_MS));
      const at = c.deliveryType === 'pickup' ? samplePickup(pointsOf.get(o.household) ?? [], pickupDate) : null;
      orderRows.push({
        id: orderId, checkoutId, buyerId, householdId: producerId, status: o.status, deliveryType: c.deliveryType,
        pickupDate, pickupTime: at?.time ?? '10:00',
        pickupPointId: at?.point.id ?? null, pickupPointName: at?.point.name ?? null, pickupPointAddress: at?.point.address ?? null,
        deliveryAddress: c.deliveryType === 'delivery' ? (c.deliveryAddress ?? null) : null,
        contactPhone: buyer.phone, notes: o.notes ?? null, totalPara: total, estimateTotalPara: soldByWeight ? estimate : null, createdAt, updatedAt: last,
        ...(o.ips ? ipsPayment(o.ips, must(householdById, o.household, 'household'), last) : {}),
        ...(o.deposit ? seedDeposit(o.items.map(([slug]) => must(productBySlug, slug, 'product').depositPercent ?? 0), total, createdAt) : {}),
      });
    }
  }

  const standingRows: Array<typeof standingOrders.$inferInsert> = STANDING.map((s) => {
    const buyer = must(buyerByKey, s.buyer, 'buyer');
    const householdId = must(userIds, s.household, 'household');
    const point = householdRows.find((h) => h.id === householdId)?.pickupPoints?.[0];
    return {
      buyerId: must(userIds, s.buyer, 'buyer'), householdId,
      items: s.items.map(([slug, quantity]) => ({ productId: must(productIds, slug, 'product'), quantity })),
      everyWeeks: s.everyWeeks ?? 1, weekday: s.weekday, anchorDate: firstCycleDate(s.weekday, STANDING_CUTOFF_DEFAULT_HOURS, now),
      ...(s.delivery
        ? { deliveryType: 'delivery' as const, pickupPointId: null, time: null, deliveryArea: s.delivery.area, deliveryAddress: s.delivery.address }
        : { deliveryType: 'pickup' as const, pickupPointId: point?.id ?? null, time: s.time ?? null }),
      paymentMethod: 'cash', contactPhone: buyer.phone,
      createdAt: at(3 * DAY_MS), updatedAt: at(3 * DAY_MS),
    };
  });

  // Drops (docs/drops.md): the first such weekday at least two days ahead, orders until 20:00 the evening before.
  const today = belgradeDateOf(now);
  const dropRows: Array<typeof drops.$inferInsert> = [];
  const dropMemberRows: Array<typeof dropMembers.$inferInsert> = [];
  for (const d of DROPS) {
    let date = addDays(today, 2);
    while (isoWeekday(date) !== d.weekday) date = addDays(date, 1);
    const dropId = randomUUID();
    const hostId = must(userIds, d.host, 'household');
    const createdAt = at(2 * DAY_MS);
    dropRows.push({
      id: dropId, seriesId: randomUUID(), hostHouseholdId: hostId, title: d.title, placeName: d.place.name, placeAddress: d.place.address,
      placeTown: d.place.town, townKey: searchKey(d.place.town), lat: d.place.lat, lng: d.place.lng, date, opens: d.opens, closes: d.closes,
      orderBy: belgradeInstant(addDays(date, -1), '20:00'), note: d.note, createdAt, updatedAt: createdAt,
    });
    [d.host, ...d.members].forEach((key, k) => dropMemberRows.push({ dropId, householdId: must(userIds, key, 'household'), joinedAt: new Date(createdAt.getTime() + k * HOUR_MS) }));
    d.orders.forEach((o, k) => {
      if (!d.members.includes(o.household) && o.household !== d.host) throw new Error(`seed data: ${o.household} is not in the drop ${d.key}`);
      const orderId = randomUUID();
      const buyer = must(buyerByKey, o.buyer, 'buyer');
      const buyerId = must(userIds, o.buyer, 'buyer');
      const placedAt = at((20 - k) * HOUR_MS);
      let total = 0;
      for (const [slug, quantity] of o.items) {
        const p = must(productBySlug, slug, 'product');
        if (p.household !== o.household) throw new Error(`seed data: ${slug} is not sold by ${o.household}`);
        total += p.priceRsd * 100 * quantity;
        itemRows.push({ id: randomUUID(), orderId, productId: must(productIds, slug, 'product'), name: p.name, unit: p.unit, unitPricePara: p.priceRsd * 100, quantity });
      }
      eventRows.push({ id: randomUUID(), orderId, status: 'pending', actorId: buyerId, createdAt: placedAt });
      orderRows.push({
        id: orderId, checkoutId: randomUUID(), buyerId, householdId: must(userIds, o.household, 'household'), status: 'pending', deliveryType: 'drop',
        dropId, pickupDate: date, pickupTime: d.opens, contactPhone: buyer.phone, totalPara: total, createdAt: placedAt, updatedAt: placedAt,
      });
    });
  }

  return {
    userRows, householdRows, mediaRows, productRows, reviewRows, followRows, storyRows, orderRows, itemRows, eventRows, standingRows, dropRows, dropMemberRows,
    waitlistRows: WAITLIST.map((w) => ({
      productId: must(productIds, w.product, 'product'), userId: must(userIds, w.buyer, 'buyer'), quantity: w.quantity, joinedAt: at(w.daysAgo * DAY_MS),
    })),
  };
}

/** An IPS order's payment columns in the sample data: the household's account, reported or paid at the order's last change. */
/** A pre-order's deposit as checkout writes it (src/shared/deposit.ts), still due. */
function seedDeposit(percents: number[], totalPara: number, placedAt: Date): Partial<typeof orders.$inferInsert> {
  const percent = Math.max(...percents);
  return {
    depositPercent: percent, depositPara: depositPara(totalPara, percent), depositStatus: 'due',
    depositDueAt: depositDueAt(placedAt, DEPOSIT_DAYS_DEFAULT),
  };
}

function ipsPayment(state: 'unpaid' | 'reported' | 'paid', h: (typeof HOUSEHOLDS)[number], at: Date): Partial<typeof orders.$inferInsert> {
  if (!h.logistics?.ipsAccount) throw new Error(`seed data: ${h.key} has no IPS account`);
  return {
    paymentMethod: 'ips_qr', ipsAccount: h.logistics.ipsAccount, ipsPayeeName: h.name, paymentStatus: state,
    paymentReportedAt: state === 'unpaid' ? null : at, paidAt: state === 'paid' ? at : null,
  };
}

/**
 * Seeds the Serbian sample data when the database has no users yet, all in one transaction.
 * Safe when several instances start at once: the transaction takes an advisory lock and
 * checks again. Returns true when it seeded.
 */
/** The demo producer whose phone gets SMS (a confirmed phone in the sample data). */
export const DEMO_SMS_PRODUCER = 'leskovac@domace.rs';

export async function seedIfEmpty(db: Db, opts: SeedOptions): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const started = Date.now();
  const now = opts.now ?? new Date();
  // The slow parts (one argon2 hash for every demo account, image rendering) run before the
  // transaction, so it holds its lock only for the inserts.
  const [passwordHash, images] = await Promise.all([hashPassword(DEMO_PASSWORD), renderImages(opts.mediaDir)]);
  const rows = buildRows(now, passwordHash, images);

  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await isEmpty(tx))) return false;
    await tx.insert(users).values(rows.userRows);
    await tx.insert(households).values(rows.householdRows);
    await tx.insert(media).values(rows.mediaRows);
    await tx.insert(products).values(rows.productRows);
    await tx.insert(reviews).values(rows.reviewRows);
    await tx.insert(follows).values(rows.followRows);
    await tx.insert(stories).values(rows.storyRows);
    await tx.insert(drops).values(rows.dropRows);
    await tx.insert(dropMembers).values(rows.dropMemberRows);
    await tx.insert(orders).values(rows.orderRows);
    await tx.insert(orderItems).values(rows.itemRows);
    await tx.insert(orderEvents).values(rows.eventRows);
    await tx.insert(standingOrders).values(rows.standingRows);
    await tx.insert(waitlistEntries).values(rows.waitlistRows);
    // The triggers of migration 0009 turned the sample history into notifications; a demo
    // account has long seen its past, so they start read (and are never pushed). Events after
    // the seed notify as usual.
    await tx.execute(sql`UPDATE notifications SET read_at = created_at, push_pending = false WHERE read_at IS NULL`);
    // The demo producer gets SMS (docs/notifications.md, "SMS"): a confirmed phone, new orders,
    // messages and drop summaries. Written after the history, so none of it is sent.
    const demoProducer = rows.userRows.find((u) => u.email === DEMO_SMS_PRODUCER);
    if (demoProducer?.id && demoProducer.phone) {
      await tx.insert(smsSettings).values({ householdId: demoProducer.id, phone: demoProducer.phone, confirmedAt: now, events: ['order', 'message', 'drop_cutoff'] });
    }
    return true;
  });

  if (seeded) {
    opts.log(
      `sample data: ${rows.userRows.length} users, ${rows.householdRows.length} households, ${rows.productRows.length} products, `
      + `${rows.reviewRows.length} reviews, ${rows.storyRows.length} stories, ${rows.orderRows.length} orders `
      + `in ${Date.now() - started} ms`,
    );
  } else {
    opts.log('sample data: another instance seeded first');
  }
  return seeded;
}

/**
 * A loud warning when the sample accounts, whose password is published in the README, can
 * still sign in with it on a site others reach (PUBLIC_URL not local). Null when all is well.
 */
export async function publicDemoAccountsWarning(db: Db, publicUrl: string): Promise<string | null> {
  if (isLocalUrl(publicUrl)) return null;
  const emails = DEMO_ACCOUNTS.map((a) => a.email.toLowerCase());
  const rows = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users)
    .where(sql`lower(${users.email}) IN (${sql.join(emails.map((e) => sql`${e}`), sql`, `)})`);
  const open: string[] = [];
  for (const row of rows) {
    if (await verifyPassword(row.passwordHash, DEMO_PASSWORD)) open.push(row.email);
  }
  if (!open.length) return null;
  return [
    '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
    `!!! WARNING: ${open.length} demo account(s) with the PUBLISHED demo password are live on ${publicUrl}`,
    `!!! (${open.slice(0, 5).join(', ')}${open.length > 5 ? ', …' : ''}). Anyone can sign in as them.`,
    '!!! Use a fresh database with SEED_DEMO=false for a real site, or delete these accounts.',
    '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
  ].join('\n');
}
