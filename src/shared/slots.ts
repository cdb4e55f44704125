import { addDays, belgradeNow, isoWeekday, minutesOf, type ClockTime, type IsoDate } from './time.ts';
import { searchKey } from './search-key.ts';

/**
 * Pickup windows and delivery days of a household, in Europe/Belgrade days: what
 * GET /api/households/:id/slots lists and what checkout accepts, from one set of rules.
 */

export interface HoursWindow { weekday: number; opens: ClockTime; closes: ClockTime }
export interface SlotPoint { id: string; hours: readonly HoursWindow[] }
export interface SlotDelivery { enabled: boolean; areas: readonly string[]; leadDays: number; weekdays: readonly number[] }

export interface PickupWindow { pickupPointId: string; date: IsoDate; opens: ClockTime; closes: ClockTime }

/** The point's windows on `date`, earliest first; on today only those not yet closed. */
export function windowsOn(point: SlotPoint, date: IsoDate, now: Date): PickupWindow[] {
  const local = belgradeNow(now);
  if (date < local.date) return [];
  const weekday = isoWeekday(date);
  return point.hours
    .filter((h) => h.weekday === weekday && (date > local.date || minutesOf(h.closes) > minutesOf(local.time)))
    .sort((a, b) => minutesOf(a.opens) - minutesOf(b.opens))
    .map((h) => ({ pickupPointId: point.id, date, opens: h.opens, closes: h.closes }));
}

/** The first day delivery may come: today + leadDays. */
export function firstDeliveryDay(delivery: SlotDelivery, now: Date): IsoDate {
  return addDays(belgradeNow(now).date, delivery.leadDays);
}

export function deliversOn(delivery: SlotDelivery, date: IsoDate, now: Date): boolean {
  return delivery.enabled && delivery.weekdays.includes(isoWeekday(date)) && date >= firstDeliveryDay(delivery, now);
}

/** The served town matching `area` (case, script and diacritics aside), or null. */
export function servedArea(delivery: SlotDelivery, area: string | null | undefined): string | null {
  if (!area) return null;
  const key = searchKey(area);
  return delivery.areas.find((a) => searchKey(a) === key) ?? null;
}

/** Pickup windows and delivery days from `from` for `days` days; nothing before today. */
export function listSlots(settings: { pickupPoints: readonly SlotPoint[]; delivery: SlotDelivery }, now: Date, from: IsoDate | undefined, days: number) {
  const today = belgradeNow(now).date;
  const start = from ?? today;
  const pickup: PickupWindow[] = [];
  const delivery: { date: IsoDate }[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(start, i);
    if (date < today) continue;
    for (const point of settings.pickupPoints) pickup.push(...windowsOn(point, date, now));
    if (deliversOn(settings.delivery, date, now)) delivery.push({ date });
  }
  return { pickup, delivery };
}

/**
 * Whether a pickup at `point` on `date` (at `time`, if given) is possible at `now`: the day
 * is not past, the time (if given) lies within one of that day's windows (ends included) and
 * has not passed today, or (no time) one of that day's windows is still open.
 */
export function pickupFits(point: SlotPoint, date: IsoDate, time: ClockTime | undefined, now: Date): PickupWindow | null {
  const windows = windowsOn(point, date, now);
  if (time === undefined) return windows[0] ?? null;
  if (timePassed(date, time, now)) return null;
  const t = minutesOf(time);
  return windows.find((w) => minutesOf(w.opens) <= t && t <= minutesOf(w.closes)) ?? null;
}

/** A pickup time today that has already passed in Belgrade (a past day counts as passed too). */
export function timePassed(date: IsoDate, time: ClockTime, now: Date): boolean {
  const local = belgradeNow(now);
  return date < local.date || (date === local.date && minutesOf(time) < minutesOf(local.time));
}
