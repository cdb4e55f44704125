import { sql } from 'drizzle-orm';
import { HOUSEHOLD_PAGE, PRODUCT_PAGE } from '#shared/page-paths.ts';
import type { Db } from '../db/client.ts';

/**
 * Server-rendered <title> and Open Graph tags for shared links (issue 4): a link to a
 * product or household previews with its name, price and image even though the page itself
 * is a single-page app. Texts are in Serbian, the default language. Everything is HTML-escaped.
 */
const UNIT_LABELS: Record<string, string> = { kg: 'кг', l: 'литар', jar: 'тегла', pc: 'ком' };
const SITE = 'Domaće';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const priceFormat = new Intl.NumberFormat('sr-RS', { maximumFractionDigits: 2 });

function shorten(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function absolute(publicUrl: string, url: string | null): string | null {
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return url;
  return `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

function render(tags: { title: string; description: string; image: string | null; type: string; url: string; preloadImage?: string | null }): string {
  const e = escapeHtml;
  return [
    `<title>${e(tags.title)}</title>`,
    `<meta property="og:site_name" content="${SITE}" />`,
    `<meta property="og:title" content="${e(tags.title)}" />`,
    `<meta property="og:description" content="${e(tags.description)}" />`,
    `<meta property="og:type" content="${e(tags.type)}" />`,
    `<meta property="og:url" content="${e(tags.url)}" />`,
    ...(tags.image ? [`<meta property="og:image" content="${e(tags.image)}" />`, '<meta name="twitter:card" content="summary_large_image" />'] : []),
    `<link rel="canonical" href="${e(tags.url)}" />`,
    // The product page's largest paint is its picture: start it with the HTML, not after the JS.
    ...(tags.preloadImage ? [`<link rel="preload" as="image" href="${e(tags.preloadImage)}" fetchpriority="high" />`] : []),
  ].join('\n    ');
}

export function createPageHead({ db, publicUrl }: { db: Db; publicUrl: string }) {
  return async function headFor(pathname: string): Promise<string | null> {
    const productMatch = PRODUCT_PAGE.exec(pathname);
    if (productMatch) {
      const id = productMatch[1]!;
      const { rows } = await db.execute<{ name: string; description: string; price_para: number; unit: string; image: string | null; thumbnail: string | null; household_name: string }>(sql`
        SELECT p.name, p.description, p.price_para, p.unit, p.image, p.thumbnail, h.name AS household_name
        FROM products p JOIN households h ON h.id = p.household_id
        WHERE p.id = ${id} AND p.archived_at IS NULL`);
      const row = rows[0];
      if (!row) return null;
      const price = `${priceFormat.format(Number(row.price_para) / 100)} RSD / ${UNIT_LABELS[row.unit] ?? row.unit}`;
      return render({
        title: `${row.name} — ${price} · ${SITE}`,
        description: shorten(row.description ? `${row.household_name}: ${row.description}` : row.household_name),
        image: absolute(publicUrl, row.image),
        type: 'product',
        url: `${publicUrl}/product/${id}`,
        // The very URL the page's <img> uses (ProductImage: the image, else the thumbnail).
        preloadImage: row.image ?? row.thumbnail,
      });
    }
    const householdMatch = HOUSEHOLD_PAGE.exec(pathname);
    if (householdMatch) {
      const id = householdMatch[1]!;
      const { rows } = await db.execute<{ name: string; description: string; location: string; avatar: string | null }>(sql`
        SELECT name, description, location, avatar FROM households WHERE id = ${id}`);
      const row = rows[0];
      if (!row) return null;
      return render({
        title: `${row.name} · ${SITE}`,
        description: shorten([row.location, row.description].filter(Boolean).join(' — ') || row.name),
        image: absolute(publicUrl, row.avatar),
        type: 'profile',
        url: `${publicUrl}/household/${id}`,
      });
    }
    return null;
  };
}
