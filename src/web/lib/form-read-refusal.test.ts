import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEXT_NOT_ALLOWED_MESSAGE } from '#shared/contracts/fields.ts';
import { ApiError, requestJson } from './api-client.ts';
import { readRefusal } from './form.ts';
import i18n from './i18n.ts';

/** The ApiError the client makes of an answer, as a form receives it. */
async function answer(status: number, body: string | null, statusText = ''): Promise<unknown> {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(body, { status, statusText }))));
  return requestJson('/x', { method: 'POST', body: {} }).catch((error: unknown) => error);
}
const refusal = (status: number, body: unknown) => answer(status, JSON.stringify(body));

const PRODUCT_FIELDS = ['name', 'price', 'preorderLimit'] as const;
/** A form's own texts by rule, as the product form keys them (producer:form.errors.<field>.<rule>). */
const productText = (field: string, rule: string) => {
  const key = `producer:form.errors.${field}.${rule}`;
  return i18n.exists(key) ? i18n.t(key) : undefined;
};

beforeAll(async () => { await i18n.changeLanguage('sr'); });
afterEach(() => { vi.unstubAllGlobals(); });
afterAll(async () => { await i18n.changeLanguage('en'); });

describe('readRefusal', () => {
  it('a 400 field refusal: beside the field in the visitor\'s language, by its rule, with the form\'s own text', async () => {
    const error = await refusal(400, { error: 'Invalid body', code: 'validation_failed', details: [
      { field: 'price', message: 'Too small: expected number to be >0', rule: 'too_small' },
      { field: 'name', message: 'Too small: expected string to have >=2 characters', rule: 'too_small' },
    ] });
    const read = readRefusal(error, { fields: PRODUCT_FIELDS, text: productText });
    expect(read.fields).toEqual({
      price: { rule: 'too_small', message: 'Цена мора бити већа од 0.' },
      name: { rule: 'too_small', message: 'Назив мора имати најмање 2 знака.' },
    });
    expect(read.first).toBe('price');
    expect(read.message).toBe('Проверите унете податке.');
  });

  it('a rule the form has no text for: a translated "check this field", never the server\'s English in sr or ru', async () => {
    const body = { error: 'Invalid body', code: 'validation_failed', details: [{ field: 'name', message: 'Name is odd', rule: 'invalid_format' }, { field: 'price', message: 'Price is odd' }] };
    const read = readRefusal(await refusal(400, body), { fields: PRODUCT_FIELDS, text: productText });
    expect(read.fields).toEqual({ name: { rule: 'invalid_format', message: 'Проверите ово поље.' }, price: { rule: 'server', message: 'Проверите ово поље.' } });
    await i18n.changeLanguage('ru');
    expect(readRefusal(await refusal(400, body), { fields: PRODUCT_FIELDS }).fields.name?.message).toBe('Проверьте это поле.');
    // English readers get the server's own sentence, which says more than "check this field".
    await i18n.changeLanguage('en');
    expect(readRefusal(await refusal(400, body), { fields: PRODUCT_FIELDS }).fields.name?.message).toBe('Name is odd');
    await i18n.changeLanguage('sr');
  });

  it('a refused character: the shared text, by the rule or by the server\'s message', async () => {
    const read = readRefusal(await refusal(400, { error: 'Invalid body', code: 'validation_failed', details: [
      { field: 'name', message: TEXT_NOT_ALLOWED_MESSAGE }, { field: 'price', message: TEXT_NOT_ALLOWED_MESSAGE, rule: 'character' },
    ] }), { fields: PRODUCT_FIELDS });
    expect(read.fields.name).toEqual({ rule: 'character', message: 'Садржи знак који није дозвољен (контролни или оштећен знак).' });
    expect(read.fields.price?.rule).toBe('character');
  });

  it('a 409 conflict on a field: the text of its code beside the field', async () => {
    const read = readRefusal(await refusal(409, {
      error: '5 are already pre-ordered; the limit cannot be lower', code: 'product.preorder_limit_below_ordered',
      details: [{ field: 'preorderLimit', message: '5 are already pre-ordered; the limit cannot be lower' }],
    }), { fields: PRODUCT_FIELDS, text: productText });
    expect(read.fields).toEqual({ preorderLimit: { rule: 'server', message: 'Већ је претпоручено више од тога.' } });
    expect(read.message).toBe('Већ је претпоручено више од тога.');
  });

  it('the API\'s dotted paths mapped to the form\'s names; a field the form does not have is said by the message only', async () => {
    const error = await refusal(400, { error: 'Invalid body', code: 'validation_failed', details: [
      { field: 'secret', message: 'Unknown field: secret', rule: 'unrecognized_keys' },
      { field: 'place.name', message: 'Too big', rule: 'too_big' },
      { field: 'place.name', message: 'second issue of the same field' },
    ] });
    const read = readRefusal(error, { fields: { 'place.name': 'placeName' }, text: (field, rule) => `${field}:${rule}` });
    expect(read.fields).toEqual({ placeName: { rule: 'too_big', message: 'placeName:too_big' } });
    expect(readRefusal(error, { fields: (path) => (path.startsWith('place.') ? path.slice(6) : undefined) }).fields).toEqual({ name: { rule: 'too_big', message: 'Проверите ово поље.' } });
    expect(readRefusal(error, { fields: ['name'] })).toEqual({ fields: {}, first: null, message: 'Проверите унете податке.', code: 'validation_failed' });
  });

  it('an answer of any other shape names no field and says the failure in the visitor\'s language', async () => {
    // A code the app does not know, no details: the generic text in sr, the server's sentence in en.
    const unknown = await refusal(422, { error: 'Something new went wrong', code: 'brand.new' });
    expect(readRefusal(unknown, { fields: PRODUCT_FIELDS })).toEqual({ fields: {}, first: null, message: 'Захтев није успео', code: 'brand.new' });
    await i18n.changeLanguage('en');
    expect(readRefusal(await refusal(422, { error: 'Something new went wrong', code: 'brand.new' }), { fields: PRODUCT_FIELDS }).message).toBe('Something new went wrong');
    await i18n.changeLanguage('sr');
    // Not an error of the API at all.
    expect(readRefusal(new TypeError('x is undefined'), { fields: PRODUCT_FIELDS })).toEqual({ fields: {}, first: null, message: 'Захтев није успео', code: null });
    expect(readRefusal(undefined, { fields: PRODUCT_FIELDS }).first).toBeNull();
    // The form's own word for it, when it has one.
    expect(readRefusal(new TypeError('x is undefined'), { fields: PRODUCT_FIELDS, fallback: 'Производ није сачуван.' }).message).toBe('Производ није сачуван.');
    expect(readRefusal(unknown, { fields: PRODUCT_FIELDS, fallback: 'Производ није сачуван.' }).message).toBe('Захтев није успео');
  });

  it('a body that is not JSON (a proxy\'s error page) or an empty one: no field, a translated message, not the status text', async () => {
    for (const lang of ['sr', 'en'] as const) {
      await i18n.changeLanguage(lang);
      const page = readRefusal(await answer(502, '<html><body>Bad gateway</body></html>', 'Bad Gateway'), { fields: PRODUCT_FIELDS });
      expect(page).toEqual({ fields: {}, first: null, message: lang === 'sr' ? 'Захтев није успео' : 'Request failed', code: 'request_failed' });
      expect(readRefusal(await answer(400, ''), { fields: PRODUCT_FIELDS }).message).toBe(lang === 'sr' ? 'Захтев није успео' : 'Request failed');
    }
    await i18n.changeLanguage('sr');
  });

  it('a network failure: no field, "cannot reach the server" in the visitor\'s language', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await requestJson('/x').catch((e: unknown) => e);
    expect(readRefusal(error, { fields: PRODUCT_FIELDS })).toEqual({ fields: {}, first: null, message: 'Нема везе са сервером. Проверите интернет везу.', code: 'network' });
  });

  it('a hostile or oversized body: details that are not ours are skipped, prototypes untouched, the rest read, quickly', async () => {
    const junk: unknown[] = [null, 7, 'name', [], { field: 12, message: 'x' }, { field: 'x'.repeat(5000), message: 'long' },
      { field: '__proto__', message: 'polluted', rule: 'too_small' }, { field: 'constructor', message: 'c' },
      { field: 'price', message: { toString: 'evil' }, rule: '<img src=x onerror=alert(1)>' }];
    const many = Array.from({ length: 100_000 }, (_, i) => ({ field: `f${i}`, message: 'm'.repeat(10) }));
    const error = await refusal(400, { error: 'x'.repeat(100_000), code: 'validation_failed', details: [...junk, ...many] });
    const started = performance.now();
    const read = readRefusal(error, { fields: (path) => path });
    expect(performance.now() - started).toBeLessThan(100);
    // Only the first details are read: the price (its rule not one of ours), and the f0.. that fit.
    expect(read.fields.price).toEqual({ rule: 'server', message: 'Проверите ово поље.' });
    expect(Object.keys(read.fields).length).toBeLessThanOrEqual(50);
    expect(Object.hasOwn(read.fields, '__proto__')).toBe(false);
    expect(Object.hasOwn(read.fields, 'constructor')).toBe(false);
    expect(({} as Record<string, unknown>).rule).toBeUndefined();
    expect(read.first).toBe('price');
    // A huge English text is never shown, even to an English reader.
    await i18n.changeLanguage('en');
    const huge = readRefusal(await refusal(418, { error: 'y'.repeat(10_000), code: 'tea.pot', details: [{ field: 'name', message: 'z'.repeat(10_000) }] }), { fields: PRODUCT_FIELDS });
    expect(huge).toEqual({ fields: { name: { rule: 'server', message: 'Check this field.' } }, first: 'name', message: 'Request failed', code: 'tea.pot' });
    await i18n.changeLanguage('sr');
  });

  it('reads an ApiError made by hand the same way (an upload\'s refusal)', () => {
    const error = new ApiError(400, 'validation_failed', 'Invalid body', [{ field: 'name', message: 'Too short', rule: 'too_small' }]);
    expect(readRefusal(error, { fields: PRODUCT_FIELDS, text: productText }).fields.name?.message).toBe('Назив мора имати најмање 2 знака.');
  });
});
