import { addDays, belgradeInstant, belgradeToday, daysBetween, isoWeekday, type IsoDate } from './time.ts';

/**
 * When a standing order's cycles fall and when each becomes an order (docs/standing-orders.md).
 * Cycle dates are `anchor` + k * 7 * everyWeeks days (Belgrade calendar days); a cycle is due
 * `cutoffHours` real hours before 00:00 in Belgrade of its date, so across a change of summer
 * time the cutoff reads an hour earlier or later on the wall clock but is always that many hours.
 */

const HOUR_MS = 3_600_000;

/** The instant a cycle on `date` is due. */
export function cycleDueAt(date: IsoDate, cutoffHours: number): Date {
  return new Date(belgradeInstant(date, '00:00').getTime() - cutoffHours * HOUR_MS);
}

/** Whether `date` is one of the cycle dates of a schedule anchored at `anchor`. */
export function isCycleDate(date: IsoDate, anchor: IsoDate, everyWeeks: number): boolean {
  const days = daysBetween(anchor, date);
  return days >= 0 && days % (7 * everyWeeks) === 0;
}

/** The first cycle date on or after `from` (null when none can be: never happens for from >= anchor). */
export function cycleOnOrAfter(from: IsoDate, anchor: IsoDate, everyWeeks: number): IsoDate {
  if (from <= anchor) return anchor;
  const period = 7 * everyWeeks;
  const k = Math.ceil(daysBetween(anchor, from) / period);
  return addDays(anchor, k * period);
}

/** The cycle dates in [from, to], oldest first. */
export function cycleDatesBetween(from: IsoDate, to: IsoDate, anchor: IsoDate, everyWeeks: number): IsoDate[] {
  const out: IsoDate[] = [];
  for (let d = cycleOnOrAfter(from, anchor, everyWeeks); d <= to; d = addDays(d, 7 * everyWeeks)) out.push(d);
  return out;
}

/** The first date on `weekday` (ISO, Monday = 1) whose cutoff is still ahead of `now`: a new schedule's first cycle. */
export function firstCycleDate(weekday: number, cutoffHours: number, now: Date): IsoDate {
  let d = belgradeToday(now);
  while (isoWeekday(d) !== weekday) d = addDays(d, 1);
  while (cycleDueAt(d, cutoffHours).getTime() <= now.getTime()) d = addDays(d, 7);
  return d;
}

/** What decides which of a schedule's dates are ordered. */
export interface ScheduleState {
  anchor: IsoDate;
  everyWeeks: number;
  status: 'active' | 'paused' | 'cancelled';
  pausedUntil: IsoDate | null;
  skipDates: readonly IsoDate[];
}

/** Whether a cycle on `date` is meant to be ordered (not skipped by the buyer, not in a pause, not cancelled). */
export function isOrderedDate(s: ScheduleState, date: IsoDate): boolean {
  if (!isCycleDate(date, s.anchor, s.everyWeeks)) return false;
  if (s.status === 'cancelled') return false;
  if (s.status === 'paused' && (s.pausedUntil === null || date <= s.pausedUntil)) return false;
  return !s.skipDates.includes(date);
}

/**
 * The next cycle date from `today` on that is meant to be ordered and has not been acted on
 * (`handled`: dates already ordered, skipped or being placed); null when paused without end
 * or cancelled.
 */
export function nextCycleDate(s: ScheduleState, today: IsoDate, handled: ReadonlySet<IsoDate>): IsoDate | null {
  if (s.status === 'cancelled' || (s.status === 'paused' && s.pausedUntil === null)) return null;
  let d = cycleOnOrAfter(today, s.anchor, s.everyWeeks);
  for (let i = 0; i < 200; i += 1, d = addDays(d, 7 * s.everyWeeks)) {
    if (isOrderedDate(s, d) && !handled.has(d)) return d;
  }
  return null;
}

/** A pause may end today or later, never before (the Orders page and the server both ask this). */
export const pauseEndAllowed = (pausedUntil: IsoDate, today: IsoDate): boolean => pausedUntil >= today;
