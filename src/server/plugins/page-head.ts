import { sql } from 'drizzle-orm';
import { isUuid, matchPage } from '#shared/pages.ts';
import { DEFAULT_LANGUAGE } from '#shared/constants.ts';
import { formatPricePerUnit } from '#shared/format.ts';
import type { Db } from '../db/client.ts';
import { isPublicHousehold, productIsPublicSql } from '../db/read-models.ts';
import { escapeHtml } from '../lib/html.ts';

/**
 * Server-rendered <title> and Open Graph tags for shared links: a link to a
 * product or household previews with its name, price and image even though the page itself
 * is a single-page app. Texts are in Serbian, the default language. Everything is HTML-escaped.
 */
const SITE = 'Domaće';

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
    const page = matchPage(pathname);
    const id = page?.params.id;
    if (!page || !isUuid(id)) return null;
    if (page.name === 'product') {
      const { rows } = await db.execute<{ name: string; description: string; price_para: number; unit: string; image: string | null; thumbnail: string | null; household_name: string }>(sql`
        SELECT p.name, p.description, p.price_para, p.unit, p.image, p.thumbnail, h.name AS household_name
        FROM products p JOIN households h ON h.id = p.household_id
        WHERE p.id = ${id} AND ${productIsPublicSql('p')}`);
      const row = rows[0];
      if (!row) return null;
      const price = formatPricePerUnit(Number(row.price_para) / 100, row.unit, DEFAULT_LANGUAGE);
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
    if (page.name === 'household') {
      const { rows } = await db.execute<{ name: string; description: string; location: string; avatar: string | null }>(sql`
        SELECT name, description, location, avatar FROM households WHERE id = ${id} AND ${isPublicHousehold('households.id')}`);
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
