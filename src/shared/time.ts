import { BUSINESS_TIME_ZONE } from './constants.ts';

/**
 * THE business calendar: every rule with a day or an hour in it (pickup dates not in the past,
 * "today", the dashboard's last 7 and 30 days, opening hours) is judged in Europe/Belgrade,
 * whatever zone the server or the phone runs in. Server, server renderer and browser all use
 * this module; nothing else converts between instants and Belgrade wall-clock time.
 *
 * Dates are ISO calendar dates `YYYY-MM-DD`, times `HH:MM` (24 h). The zone's rules (CET, CEST
 * from the last Sunday of March to the last Sunday of October) come from the IANA database
 * through the engine (Temporal where it has it, else Intl), so no rule is written here. They are
 * used rather than a date library: src/shared imports nothing but zod, and only numbers are read from
 * them, which every ICU gives alike (docs/decisions/0015-time-and-format-modules.md).
 */

export { BUSINESS_TIME_ZONE };

/** An ISO calendar date, `YYYY-MM-DD`. */
export type IsoDate = string;
/** A clock time `HH:MM` (24 h). */
export type ClockTime = string;

const DAY_MS = 86_400_000;

/** Calendar fields of an instant in Belgrade. `weekday`: 0 = Sunday … 6 = Saturday. */
export interface BelgradeParts {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

/** The part of the Temporal API read here (Chromium ships Temporal; Node 20 does not). */
export interface TemporalApi {
  Instant: {
    fromEpochMilliseconds(ms: number): {
      toZonedDateTimeISO(timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number; dayOfWeek: number };
    };
  };
}

// Built once: creating a DateTimeFormat costs far more than formatting with it. In a browser
// the first DateTimeFormat with a time zone is slow (ICU loads its date patterns; figures in
// docs/performance.md), inside whichever component first shows a date while the page
// hydrates; Temporal answers the same from the same IANA rules at a fraction of the cost. So Temporal where the engine has it, and Intl where it does not (the server).
let partsFormat: Intl.DateTimeFormat | null = null;

/** `instant`'s Belgrade fields, by `temporal` when given, otherwise by Intl (uncached: tests compare the two). */
export function zonedParts(instant: Date, temporal?: TemporalApi): BelgradeParts {
  if (temporal) {
    const z = temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(BUSINESS_TIME_ZONE);
    return { year: z.year, month: z.month, day: z.day, hour: z.hour, minute: z.minute, second: z.second, weekday: z.dayOfWeek % 7 };
  }
  partsFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: BUSINESS_TIME_ZONE, hourCycle: 'h23',
    year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
  });
  const fields: Record<string, number> = {};
  for (const part of partsFormat.formatToParts(instant)) if (part.type !== 'literal') fields[part.type] = Number(part.value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = fields;
  return { year, month, day, hour, minute, second, weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay() };
}

const engineTemporal = (globalThis as { Temporal?: TemporalApi }).Temporal;
// The last answer, by whole second: hot paths (a checkout's many lines) ask about one instant.
let lastSecond = NaN;
let lastParts: BelgradeParts | null = null;

/** The Belgrade wall-clock fields of an instant. */
export function belgradeParts(instant: Date): BelgradeParts {
  const second = Math.floor(instant.getTime() / 1000);
  if (second === lastSecond && lastParts) return lastParts;
  const parts = zonedParts(instant, engineTemporal);
  lastSecond = second;
  lastParts = parts;
  return parts;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The Belgrade calendar date of an instant. */
export function belgradeDateOf(instant: Date): IsoDate {
  const { year, month, day } = belgradeParts(instant);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Today in Belgrade. */
export function belgradeToday(now: Date = new Date()): IsoDate {
  return belgradeDateOf(now);
}

/** The Belgrade wall-clock time of an instant, `HH:MM`. */
export function belgradeTimeOf(instant: Date): string {
  const { hour, minute } = belgradeParts(instant);
  return `${pad(hour)}:${pad(minute)}`;
}

function dateUtcMs(date: IsoDate): number {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`not a calendar date: ${date}`);
  return ms;
}

/** True for an existing calendar date written `YYYY-MM-DD`. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** True for `HH:MM`, 00:00..23:59. */
export function isClockTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

/** The calendar date `days` after (or before, when negative) `date`. */
export function addDays(date: IsoDate, days: number): IsoDate {
  return new Date(dateUtcMs(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The day of the week of a calendar date: 0 = Sunday … 6 = Saturday. */
export function belgradeWeekday(date: IsoDate): number {
  return new Date(dateUtcMs(date)).getUTCDay();
}

/** The ISO day of the week of a calendar date: Monday = 1 … Sunday = 7 (pickup hours and delivery days use it). */
export function isoWeekday(date: IsoDate): number {
  return belgradeWeekday(date) || 7;
}

/** The Belgrade calendar date, clock time (`HH:MM`) and ISO weekday (Monday = 1) of an instant. */
export function belgradeNow(instant: Date): { date: IsoDate; time: ClockTime; weekday: number } {
  const date = belgradeDateOf(instant);
  return { date, time: belgradeTimeOf(instant), weekday: isoWeekday(date) };
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((dateUtcMs(to) - dateUtcMs(from)) / DAY_MS);
}

/** The `count` calendar days ending with `lastDay`, oldest first. */
export function dayRange(lastDay: IsoDate, count: number): IsoDate[] {
  return Array.from({ length: count }, (_, i) => addDays(lastDay, i - (count - 1)));
}

/** The 7 days Monday..Sunday of the Belgrade week that holds `date`. */
export function belgradeWeekOf(date: IsoDate): IsoDate[] {
  const monday = addDays(date, -((belgradeWeekday(date) + 6) % 7));
  return dayRange(addDays(monday, 6), 7);
}

/** Minutes after midnight of `HH:MM`; throws on anything else. */
export function minutesOf(time: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match) throw new RangeError(`not a time of day: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * The instant when Belgrade clocks show `time` on `date`. In the hour skipped when summer time
 * starts, the instant one hour later; in the hour repeated when it ends, the first of the two.
 */
export function belgradeInstant(date: IsoDate, time: string): Date {
  const wall = dateUtcMs(date) + minutesOf(time) * 60_000;
  const offsetAt = (ms: number) => {
    const p = belgradeParts(new Date(ms));
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
  };
  // Belgrade is UTC+1 or UTC+2: try both offsets, keep the one that reads back the wall time.
  const candidates = [wall - 2 * 3_600_000, wall - 3_600_000].filter((ms) => ms + offsetAt(ms) === wall);
  // The skipped hour: read as winter time, which the clocks show an hour later.
  return new Date(candidates[0] ?? wall - 3_600_000);
}

/** Whether `instant` falls inside opening hours `from`..`to` (HH:MM, `to` excluded) on its Belgrade day. */
export function isWithinHours(instant: Date, from: string, to: string): boolean {
  const { hour, minute } = belgradeParts(instant);
  const now = hour * 60 + minute;
  return now >= minutesOf(from) && now < minutesOf(to);
}
