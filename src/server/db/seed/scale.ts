import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { searchKey } from '#shared/search-key.ts';
import { hashPassword } from '../../lib/passwords.ts';

/**
 * `npm run admin -- seed-scale`: a busy year of the marketplace in an empty database
 * (docs/performance.md, "A year at scale"). Everything is written by INSERT … SELECT over
 * generate_series inside PostgreSQL, in one transaction: no row crosses the wire, a failure
 * leaves the database empty. Ids, buyers, households, lines and totals are functions of the
 * row's number (pg_temp helpers below), so the orders' totals match their lines without a
 * second pass, and two runs with the same sizes write the same rows (ids and times aside).
 *
 * Speed: triggers and foreign-key checks are off for the transaction
 * (session_replication_role = replica, so the database user must be a superuser, as the
 * embedded one and the test one are); the order tables' secondary indexes are dropped and
 * built again after the rows are in; the notifications the triggers would have written are
 * written by the seeder itself. Every account has ONE password, hashed once (argon2 costs
 * ~50 ms a hash; 200,000 of them would take hours): the seeder prints it.
 */

export interface ScaleSizes { households: number; products: number; buyers: number; orders: number; standing: number }

export const DEFAULT_SCALE: ScaleSizes = { households: 5000, products: 100_000, buyers: 200_000, orders: 2_000_000, standing: 50_000 };

/** Orders of one drop at most; the first drop (hosted by the busiest producer, three days ahead) has exactly this many. */
export const DROP_ORDERS = 500;

export interface ScaleResult {
  password: string;
  busiestBuyer: string;
  busiestProducer: string;
  operator: string;
  /** The first drop: DROP_ORDERS orders of the busiest producer (or all the drop orders there are). */
  dropId: string | null;
  seconds: number;
}

export class DatabaseNotEmptyError extends Error {
  constructor(what: string) {
    super(`The database is not empty (${what}): seed-scale fills only an empty one. Create a new database (createdb) and point DATABASE_URL at it.`);
  }
}

/** The e-mail domain of every seeded account. */
export const SCALE_DOMAIN = 'scale.domace.test';

const TOWNS = ['Лесковац', 'Ариље', 'Чачак', 'Ваљево', 'Шабац', 'Ниш', 'Крагујевац', 'Нови Сад', 'Суботица', 'Зрењанин', 'Пирот', 'Врање', 'Ужице', 'Краљево', 'Пожега', 'Сомбор', 'Смедерево', 'Јагодина', 'Ивањица', 'Златибор'];
const SURNAMES = ['Милић', 'Радовић', 'Петровић', 'Јовановић', 'Николић', 'Марковић', 'Ђорђевић', 'Стојановић', 'Илић', 'Станковић', 'Павловић', 'Милошевић', 'Тодоровић', 'Живковић', 'Костић', 'Лазић', 'Вуковић', 'Митровић', 'Симић', 'Ђурић'];
/** [name, unit, category] */
const PRODUCTS: [string, string, string][] = [
  ['Мед од багрема', 'jar', 'honey'], ['Ливадски мед', 'jar', 'honey'], ['Малина', 'kg', 'fruit'], ['Јабука ајдаред', 'kg', 'fruit'],
  ['Шљива пожегача', 'kg', 'fruit'], ['Ајвар љути', 'jar', 'preserves'], ['Ајвар благи', 'jar', 'preserves'], ['Џем од кајсије', 'jar', 'preserves'],
  ['Пекмез од шљиве', 'jar', 'preserves'], ['Кајмак', 'kg', 'dairy'], ['Сир из кришке', 'kg', 'dairy'], ['Козји сир', 'wheel', 'dairy'],
  ['Млеко', 'l', 'dairy'], ['Кисело млеко', 'l', 'dairy'], ['Паприка', 'kg', 'vegetables'], ['Парадајз', 'kg', 'vegetables'],
  ['Кромпир', 'kg', 'vegetables'], ['Црни лук', 'kg', 'vegetables'], ['Бели лук', 'kg', 'vegetables'], ['Купус', 'pc', 'vegetables'],
  ['Суво месо', 'kg', 'meat'], ['Кобасица', 'kg', 'meat'], ['Пршута', 'kg', 'meat'], ['Јаја', 'pc', 'other'],
  ['Домаћи хлеб', 'pc', 'other'], ['Ракија шљивовица', 'l', 'other'], ['Сок од зове', 'l', 'other'], ['Ораси', 'kg', 'other'],
  ['Лешник', 'kg', 'other'], ['Кукурузно брашно', 'kg', 'other'],
];
const GRADES = ['домаћи', 'са салаша', 'из баште', 'старински', 'органски'];

const MESSAGES = ['Да ли може преузимање сат касније?', 'Може, чекамо вас.', 'Hvala, stižem oko 17h.', 'Is the honey from this year?'];

/** Latin search keys of a Cyrillic list, in the same order (searchKey of each). */
const keys = (list: string[]) => list.map((s) => searchKey(s));

/**
 * The pg_temp helpers: uniform numbers from a row number (hashint8), ids from a kind and a
 * number (md5), and the skew that makes a few buyers and households busy: index 1 is the
 * busiest (u^3 for buyers, u^2 for households).
 */
const HELPERS = [
  `CREATE FUNCTION pg_temp.u(n bigint, salt int) RETURNS float8 LANGUAGE sql IMMUTABLE AS
   $$ SELECT (hashint8(n * 1000003 + salt)::bigint & 2147483647)::float8 / 2147483648.0 $$`,
  // An md5 with the version (4) and variant (8) digits of a random UUID: the API's schemas check them.
  `CREATE FUNCTION pg_temp.uid(kind text, n bigint) RETURNS uuid LANGUAGE sql IMMUTABLE AS
   $$ SELECT overlay(overlay(md5(kind || n) placing '4' from 13) placing '8' from 17)::uuid $$`,
  `CREATE FUNCTION pg_temp.buyer_of(n bigint, buyers int) RETURNS int LANGUAGE sql IMMUTABLE AS
   $$ SELECT 1 + least(buyers - 1, floor(buyers * power(pg_temp.u(n, 1), 3))::int) $$`,
  `CREATE FUNCTION pg_temp.household_of(n bigint, households int) RETURNS int LANGUAGE sql IMMUTABLE AS
   $$ SELECT 1 + least(households - 1, floor(households * power(pg_temp.u(n, 2), 2))::int) $$`,
  // Product number of line k of an order of household h: one of its own products.
  `CREATE FUNCTION pg_temp.product_of(h int, n bigint, k int, households int, per int) RETURNS int LANGUAGE sql IMMUTABLE AS
   $$ SELECT h + households * ((n * 7 + k * 13) % per)::int $$`,
  `CREATE FUNCTION pg_temp.price_of(p int) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$ SELECT (100 + (p::bigint * 7919) % 1901) * 100 $$`,
  `CREATE FUNCTION pg_temp.qty_of(n bigint, k int) RETURNS int LANGUAGE sql IMMUTABLE AS $$ SELECT 1 + ((n + k) % 3)::int $$`,
  `CREATE FUNCTION pg_temp.lines_of(n bigint) RETURNS int LANGUAGE sql IMMUTABLE AS $$ SELECT 1 + (n % 3)::int $$`,
];

/** Tables whose secondary indexes are dropped during the load and built after it. */
const BULK_TABLES = ['orders', 'order_items', 'order_events', 'notifications', 'order_messages', 'products', 'users', 'follows', 'standing_orders'];

export async function seedScale(pool: pg.Pool, sizes: ScaleSizes, log: (msg: string) => void = () => undefined): Promise<ScaleResult> {
  const s = checkSizes(sizes);
  const started = Date.now();
  const password = `scale-${randomBytes(6).toString('hex')}`;
  const passwordHash = await hashPassword(password);
  const client = await pool.connect();
  const step = async (label: string, text: string, values: unknown[] = []) => {
    const t = Date.now();
    const r = await client.query(text, values);
    log(`  ${label}: ${r.rowCount ?? 0} rows, ${((Date.now() - t) / 1000).toFixed(1)} s`);
    return r;
  };
  try {
    await client.query('BEGIN');
    // Nothing may be written while we look: the lock holds until COMMIT.
    await client.query('LOCK TABLE users, orders, products IN SHARE ROW EXCLUSIVE MODE');
    const { rows: [present] } = await client.query<{ users: boolean; orders: boolean; products: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM users) AS users, EXISTS (SELECT 1 FROM orders) AS orders, EXISTS (SELECT 1 FROM products) AS products');
    const what = Object.entries(present!).filter(([, v]) => v).map(([k]) => k);
    if (what.length) throw new DatabaseNotEmptyError(`it has ${what.join(', ')}`);
    await client.query("SET LOCAL session_replication_role = 'replica'");
    await client.query("SET LOCAL synchronous_commit = 'off'");
    await client.query("SET LOCAL maintenance_work_mem = '256MB'");
    await client.query("SET LOCAL work_mem = '64MB'");
    await client.query('SET LOCAL statement_timeout = 0');
    // JIT compiles these big expressions for seconds per statement and gains nothing here.
    await client.query('SET LOCAL jit = off');
    for (const h of HELPERS) await client.query(h);
    const { rows: indexes } = await client.query<{ name: string; def: string }>(`
      SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
      WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`, [BULK_TABLES]);
    for (const i of indexes) await client.query(`DROP INDEX "${i.name}"`);
    log(`Seeding ${s.households} households, ${s.products} products, ${s.buyers} buyers, ${s.orders} orders, ${s.standing} standing orders (${indexes.length} indexes dropped for the load).`);

    const per = Math.floor(s.products / s.households);
    const dropOrders = Math.min(s.orders, Math.max(Math.min(DROP_ORDERS, s.orders), Math.round(s.orders * 0.05)));
    const regular = s.orders - dropOrders;
    const drops = Math.ceil(dropOrders / DROP_ORDERS);
    const P = { H: s.households, B: s.buyers, N: s.orders, R: regular, per, D: drops };
    const towns = TOWNS; const townKeys = keys(TOWNS); const surnames = SURNAMES; const surnameKeys = keys(SURNAMES);

    await step('users', `
      INSERT INTO users (id, email, password_hash, name, user_type, phone, location, language, confirmed_at, is_admin, created_at, updated_at)
      SELECT pg_temp.uid('u', 0), 'operator@${SCALE_DOMAIN}', $1, 'Оператер', 'customer', NULL, 'Београд', 'sr', now() - interval '400 days', true, now() - interval '400 days', now()
      UNION ALL
      SELECT pg_temp.uid('p', h), 'producer' || h || '@${SCALE_DOMAIN}', $1, 'Газда ' || ($2::text[])[1 + h % 20], 'producer',
             '+38163' || lpad(h::text, 7, '0'), ($3::text[])[1 + h % 20], 'sr', c, false, c, c
      FROM generate_series(1, $4::int) h, LATERAL (SELECT now() - interval '400 days' + pg_temp.u(h, 11) * interval '30 days' AS c) t
      UNION ALL
      SELECT pg_temp.uid('b', b), 'buyer' || b || '@${SCALE_DOMAIN}', $1, CASE WHEN b % 2 = 0 THEN 'Купац ' ELSE 'Kupac ' END || b, 'customer',
             '+38164' || lpad(b::text, 7, '0'), ($3::text[])[1 + b % 20], (ARRAY['sr', 'sr-Latn', 'en', 'ru'])[1 + (b % 10 = 0)::int * (1 + b % 3)], c, false, c, c
      FROM generate_series(1, $5::int) b, LATERAL (SELECT now() - pg_temp.u(b, 12) * interval '380 days' AS c) t`,
    [passwordHash, surnames, towns, P.H, P.B]);

    await step('households', `
      INSERT INTO households (id, name, description, location, search_key, status, pickup_points, delivery, payment_cash, ips_account, ips_payee_name, standing_cutoff_hours, follower_count, rating, review_count, created_at, updated_at)
      SELECT pg_temp.uid('p', h), name, 'Породично газдинство из околине, све из сопствене производње.', town, key, 'approved',
             jsonb_build_array(jsonb_build_object('id', pg_temp.uid('pp', h), 'name', 'Капија домаћинства', 'address', 'Сеоски пут ' || h || ', ' || town, 'note', NULL,
               'hours', (SELECT jsonb_agg(jsonb_build_object('weekday', d, 'opens', '07:00', 'closes', '20:00')) FROM generate_series(1, 7) d))),
             jsonb_build_object('enabled', true, 'areas', jsonb_build_array(town), 'feePara', 30000, 'freeFromPara', 300000, 'leadDays', 0, 'weekdays', jsonb_build_array(1, 2, 3, 4, 5, 6, 7)),
             true, '840000000095584510', name, 48, 0, round((3.5 + pg_temp.u(h, 13) * 1.5)::numeric, 2), (pg_temp.u(h, 14) * 200)::int,
             now() - interval '400 days', now()
      FROM generate_series(1, $3::int) h,
           LATERAL (SELECT 'Газдинство ' || ($1::text[])[1 + h % 20] || ' ' || h AS name, ($2::text[])[1 + (h * 7) % 20] AS town,
                           'gazdinstvo ' || ($4::text[])[1 + h % 20] || ' ' || h || ' ' || ($5::text[])[1 + (h * 7) % 20] AS key) t`,
    [surnames, towns, P.H, surnameKeys, townKeys]);

    // Product n belongs to household 1 + (n - 1) % H, in slot (n - 1) / H of it. The last slot
    // of every tenth household is archived, of every seventh unavailable; standing orders use other slots.
    const productNames = PRODUCTS.map((p) => p[0]); const productKeys = keys(productNames);
    const grades = GRADES; const gradeKeys = keys(GRADES);
    await step('products', `
      INSERT INTO products (id, household_id, name, description, price_para, unit, category, availability, archived_at, rating, review_count, search_key, created_at, updated_at)
      SELECT pg_temp.uid('pr', n), pg_temp.uid('p', h), ($1::text[])[1 + i] || ' ' || ($4::text[])[1 + n % 5], 'Из наше производње, без додатака.',
             pg_temp.price_of(n), ($2::text[])[1 + i], ($3::text[])[1 + i],
             NOT (slot = $8 - 1 AND $8 > 1 AND h % 7 = 0), CASE WHEN slot = $8 - 1 AND $8 > 1 AND h % 10 = 0 THEN now() - interval '30 days' END,
             round((3.5 + pg_temp.u(n, 15) * 1.5)::numeric, 2), (pg_temp.u(n, 16) * 40)::int,
             ($5::text[])[1 + i] || ' ' || ($6::text[])[1 + n % 5] || ' gazdinstvo ' || ($9::text[])[1 + h % 20] || ' ' || h || ' ' || ($10::text[])[1 + (h * 7) % 20],
             c, c
      FROM generate_series(1, $7::int) n,
           LATERAL (SELECT 1 + (n - 1) % $11::int AS h, (n - 1) / $11::int AS slot, ((n * 31) % ${PRODUCTS.length})::int AS i,
                           now() - pg_temp.u(n, 17) * interval '390 days' AS c) t`,
    [productNames, PRODUCTS.map((p) => p[1]), PRODUCTS.map((p) => p[2]), grades, productKeys, gradeKeys, s.products, per, surnameKeys, townKeys, P.H]);

    // Drops: one each week going back from three days ahead; drop d is hosted by household
    // 1 + (d - 1) % H (the first by the busiest) and holds orders R + 500(d - 1) + 1 ….
    await step('drops', `
      INSERT INTO drops (id, series_id, host_household_id, title, place_name, place_address, place_town, town_key, date, opens, closes, order_by, created_at, updated_at)
      SELECT pg_temp.uid('d', d), pg_temp.uid('d', d), pg_temp.uid('p', 1 + (d - 1) % $1::int), 'Петком на тргу', 'Градски трг', 'Трг слободе 1', town, key,
             day, '17:00', '19:00', (day - 1) + time '20:00', (day - 14)::timestamptz, (day - 14)::timestamptz
      FROM generate_series(1, $2::int) d,
           LATERAL (SELECT current_date + 3 - ((d - 1) * 364 / greatest($2::int, 1)) AS day, ($3::text[])[1 + d % 20] AS town, ($4::text[])[1 + d % 20] AS key) t`,
    [P.H, P.D, towns, townKeys]);
    await step('drop members', `INSERT INTO drop_members (drop_id, household_id, joined_at) SELECT id, host_household_id, created_at FROM drops`);

    // Orders: 1..R to a pickup point or delivered, R+1..N to drops. Open statuses for dates
    // not yet past, final ones (mostly completed) for the rest.
    await step('orders', `
      INSERT INTO orders (id, number, checkout_id, buyer_id, household_id, status, delivery_type, pickup_date, pickup_time, delivery_address, contact_phone, notes,
                          total_para, pickup_point_id, pickup_point_name, pickup_point_address, delivery_area, delivery_fee_para, payment_method, payment_status,
                          paid_at, payment_reported_at, ips_account, ips_payee_name, drop_id, created_at, updated_at)
      SELECT pg_temp.uid('o', n), 100000 + n, pg_temp.uid('o', n), pg_temp.uid('b', b), pg_temp.uid('p', h), status, kind, day, time, 
             CASE WHEN kind = 'delivery' THEN 'Улица ' || (n % 200) || ' бр. ' || (n % 50) END, '+38164' || lpad(b::text, 7, '0'),
             CASE WHEN n % 9 = 0 THEN 'Молим позовите пре доласка.' END,
             lines + fee, CASE WHEN kind = 'pickup' THEN pg_temp.uid('pp', h) END, CASE WHEN kind = 'pickup' THEN 'Капија домаћинства' END,
             CASE WHEN kind = 'pickup' THEN 'Сеоски пут ' || h END, CASE WHEN kind = 'delivery' THEN 'Град' END, fee, pay,
             CASE WHEN status = 'completed' OR (pay = 'ips_qr' AND status IN ('confirmed', 'ready') AND n % 2 = 0) THEN 'paid'
                  WHEN pay = 'ips_qr' AND status IN ('pending', 'confirmed') AND n % 5 = 0 THEN 'reported' ELSE 'unpaid' END,
             CASE WHEN status = 'completed' OR (pay = 'ips_qr' AND status IN ('confirmed', 'ready') AND n % 2 = 0) THEN created + interval '1 day' END,
             CASE WHEN pay = 'ips_qr' AND status IN ('pending', 'confirmed') AND n % 5 = 0 THEN created + interval '1 hour' END,
             CASE WHEN pay = 'ips_qr' THEN '840000000095584510' END, CASE WHEN pay = 'ips_qr' THEN 'Газдинство ' || h END,
             CASE WHEN kind = 'drop' THEN pg_temp.uid('d', d) END, created, created
      FROM generate_series(1, $1::int) n,
           LATERAL (SELECT CASE WHEN n > $2::int THEN (n - $2::int - 1) / ${DROP_ORDERS} + 1 END AS d) dd,
           LATERAL (SELECT pg_temp.buyer_of(n, $3::int) AS b,
                           CASE WHEN d IS NULL THEN pg_temp.household_of(n, $4::int) ELSE 1 + (d - 1) % $4::int END AS h,
                           CASE WHEN d IS NOT NULL THEN 'drop' WHEN pg_temp.u(n, 5) < 0.2 THEN 'delivery' ELSE 'pickup' END AS kind,
                           CASE WHEN pg_temp.u(n, 6) < 0.3 THEN 'ips_qr' ELSE 'cash' END AS pay) a,
           LATERAL (SELECT CASE WHEN d IS NULL THEN now() - pg_temp.u(n, 3) * interval '365 days'
                                ELSE (current_date + 3 - ((d - 1) * 364 / greatest($5::int, 1)))::timestamptz - interval '1 day' - pg_temp.u(n, 3) * interval '6 days' END AS created) c,
           LATERAL (SELECT CASE WHEN d IS NULL THEN (created::date + 1 + (n % 3)::int) ELSE current_date + 3 - ((d - 1) * 364 / greatest($5::int, 1)) END AS day,
                           CASE WHEN d IS NULL THEN (ARRAY['09:00', '12:00', '16:00', '18:00'])[1 + n % 4] ELSE '17:00' END AS time,
                           CASE WHEN kind = 'delivery' THEN 30000 ELSE 0 END AS fee,
                           (SELECT sum(pg_temp.price_of(pg_temp.product_of(h, n, k, $4::int, $6::int)) * pg_temp.qty_of(n, k)) FROM generate_series(1, pg_temp.lines_of(n)) k) AS lines) e,
           LATERAL (SELECT CASE WHEN day >= current_date THEN (ARRAY['pending', 'pending', 'confirmed', 'confirmed', 'ready', 'awaiting_buyer'])[1 + floor(pg_temp.u(n, 4) * 6)::int]
                                WHEN pg_temp.u(n, 4) < 0.88 THEN 'completed' WHEN pg_temp.u(n, 4) < 0.97 THEN 'cancelled' ELSE 'no_show' END AS status) st`,
    [P.N, P.R, P.B, P.H, P.D, P.per]);
    await client.query(`SELECT setval('order_number_seq', $1::bigint)`, [100000 + P.N]);

    await step('order lines', `
      INSERT INTO order_items (order_id, product_id, name, unit, unit_price_para, quantity)
      SELECT o.id, p.id, p.name, p.unit, p.price_para, pg_temp.qty_of(n, k)
      FROM generate_series(1, $1::int) n
      CROSS JOIN LATERAL (SELECT CASE WHEN n > $4::int THEN 1 + ((n - $4::int - 1) / ${DROP_ORDERS}) % $2::int ELSE pg_temp.household_of(n, $2::int) END AS h) hh
      CROSS JOIN LATERAL generate_series(1, pg_temp.lines_of(n)) k
      JOIN products p ON p.id = pg_temp.uid('pr', pg_temp.product_of(h, n, k, $2::int, $3::int))
      CROSS JOIN LATERAL (SELECT pg_temp.uid('o', n) AS id) o`,
    [P.N, P.H, P.per, P.R]);

    await step('order events', `
      INSERT INTO order_events (order_id, status, actor_id, created_at)
      SELECT id, 'pending', buyer_id, created_at FROM orders
      UNION ALL
      SELECT id, status, CASE WHEN status = 'cancelled' AND number % 2 = 0 THEN buyer_id ELSE household_id END,
             created_at + CASE WHEN status IN ('completed', 'no_show') THEN interval '2 days' ELSE interval '3 hours' END
      FROM orders WHERE status <> 'pending'`);

    // What the triggers would have written: order_placed to the producer; order_status to the
    // buyer (read after a day, but the last week's are unread).
    await step('notifications', `
      INSERT INTO notifications (user_id, type, order_id, data, created_at, read_at)
      SELECT o.household_id, 'order_placed', o.id, jsonb_build_object('customerName', b.name), o.created_at,
             CASE WHEN o.created_at < now() - interval '7 days' THEN o.created_at + interval '1 hour' END
      FROM orders o JOIN users b ON b.id = o.buyer_id
      UNION ALL
      SELECT o.buyer_id, 'order_status', o.id, jsonb_build_object('status', o.status, 'householdName', h.name), o.created_at + interval '3 hours',
             CASE WHEN o.created_at < now() - interval '7 days' THEN o.created_at + interval '1 day' END
      FROM orders o JOIN households h ON h.id = o.household_id WHERE o.status <> 'pending'`);

    // Every twentieth order has a conversation of two messages.
    await step('messages', `
      INSERT INTO order_messages (order_id, author_id, from_producer, body, created_at)
      SELECT o.id, CASE WHEN m = 1 THEN o.buyer_id ELSE o.household_id END, m = 2, ($1::text[])[1 + (o.number + m) % 4], o.created_at + m * interval '30 minutes'
      FROM orders o CROSS JOIN generate_series(1, 2) m WHERE o.number % 20 = 0`, [MESSAGES]);
    await step('message notifications', `
      INSERT INTO notifications (user_id, type, order_id, data, created_at, read_at)
      SELECT CASE WHEN m.from_producer THEN o.buyer_id ELSE o.household_id END, 'message', o.id, jsonb_build_object('preview', left(m.body, 80)), m.created_at, m.created_at + interval '2 hours'
      FROM order_messages m JOIN orders o ON o.id = m.order_id`);

    await step('follows', `
      INSERT INTO follows (user_id, household_id, created_at)
      SELECT pg_temp.uid('b', b), pg_temp.uid('p', pg_temp.household_of(b, $2::int)), now() - pg_temp.u(b, 18) * interval '300 days'
      FROM generate_series(1, $1::int) b`, [P.B, P.H]);
    await client.query(`UPDATE households h SET follower_count = f.c FROM (SELECT household_id, count(*)::int AS c FROM follows GROUP BY household_id) f WHERE f.household_id = h.id`);

    // Standing orders, all active, each with one cycle due now: the pickup day is tomorrow or
    // the day after (inside the 48 hours' cutoff), weekly, fortnightly or every four weeks.
    await step('standing orders', `
      INSERT INTO standing_orders (id, buyer_id, household_id, items, every_weeks, weekday, anchor_date, delivery_type, pickup_point_id, time, payment_method, contact_phone, status, created_at, updated_at)
      SELECT pg_temp.uid('so', s), pg_temp.uid('b', b), pg_temp.uid('p', h),
             jsonb_build_array(jsonb_build_object('productId', pg_temp.uid('pr', h + $3::int * ((s % greatest($4::int - 1, 1))::int)), 'quantity', 1 + s % 3)),
             (ARRAY[1, 1, 2, 4])[1 + s % 4], extract(isodow FROM anchor)::int, anchor, 'pickup', pg_temp.uid('pp', h), '16:00', 'cash', '+38164' || lpad(b::text, 7, '0'), 'active', c, c
      FROM generate_series(1, $1::int) s,
           LATERAL (SELECT 1 + ((s::bigint * 7) % $2::int)::int AS b, pg_temp.household_of(s + 7777777, $3::int) AS h,
                           current_date + 1 + (s % 2)::int AS anchor, now() - pg_temp.u(s, 19) * interval '300 days' AS c) t`,
    [s.standing, P.B, P.H, P.per]);

    await step('audit log', `
      INSERT INTO admin_audit (admin_id, action, target_type, target_id, reason, created_at)
      SELECT pg_temp.uid('u', 0), (ARRAY['product.hide', 'review.hide', 'household.approve', 'report.dismiss', 'user.suspend'])[1 + i % 5],
             (ARRAY['product', 'review', 'household', 'report', 'user'])[1 + i % 5], pg_temp.uid('x', i)::text, 'Пријава корисника', now() - pg_temp.u(i, 20) * interval '365 days'
      FROM generate_series(1, greatest(100, $1::int / 400)) i`, [P.N]);

    for (const i of indexes) {
      const t = Date.now();
      await client.query(i.def);
      log(`  index ${i.name}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
    // The operator's stats (migration 0020): the triggers that keep them were off for the load.
    await step('order stats', 'SELECT order_stats_rebuild()');
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
  // VACUUM too: a year-old table has been vacuumed (visibility map set, so index-only scans
  // are index-only), and the statistics are what the planner of a real year would have.
  const t = Date.now();
  await pool.query('VACUUM (ANALYZE)');
  log(`  vacuum, analyze: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  const { rows: [busy] } = await pool.query<{ buyer: string; producer: string; drop: string | null }>(`
    SELECT (SELECT email FROM users WHERE email = 'buyer1@${SCALE_DOMAIN}') AS buyer, (SELECT email FROM users WHERE email = 'producer1@${SCALE_DOMAIN}') AS producer,
           (SELECT id FROM drops ORDER BY date DESC LIMIT 1) AS drop`);
  return {
    password, busiestBuyer: busy!.buyer, busiestProducer: busy!.producer, operator: `operator@${SCALE_DOMAIN}`,
    dropId: busy!.drop, seconds: Math.round((Date.now() - started) / 1000),
  };
}

function checkSizes(s: ScaleSizes): ScaleSizes {
  for (const [k, v] of Object.entries(s)) {
    if (!Number.isInteger(v) || v < 1) throw new RangeError(`--${k} must be a whole number of at least 1 (got ${v}).`);
  }
  if (s.products < s.households) throw new RangeError('--products must be at least --households (every household sells).');
  return s;
}
