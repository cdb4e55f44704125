import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  addDays, belgradeDateOf, belgradeInstant, belgradeParts, belgradeTimeOf, belgradeToday, belgradeWeekday,
  belgradeWeekOf, dayRange, daysBetween, isWithinHours, minutesOf,
  belgradeNow, isCalendarDay, isClockTime, isoWeekday, zonedParts, type TemporalApi,
} from './time.ts';

describe('the Belgrade calendar', () => {
  it('turns the day at Belgrade midnight, in summer (UTC+2) and in winter (UTC+1)', () => {
    expect(belgradeDateOf(new Date('2030-06-10T21:59:00Z'))).toBe('2030-06-10');
    expect(belgradeDateOf(new Date('2030-06-10T22:00:00Z'))).toBe('2030-06-11');
    expect(belgradeToday(new Date('2030-01-10T22:59:00Z'))).toBe('2030-01-10');
    expect(belgradeToday(new Date('2030-01-10T23:00:00Z'))).toBe('2030-01-11');
  });

  it('switches to summer time on the last Sunday of March and back on the last Sunday of October', () => {
    expect(belgradeTimeOf(new Date('2026-03-29T00:59:00Z'))).toBe('01:59');
    expect(belgradeTimeOf(new Date('2026-03-29T01:00:00Z'))).toBe('03:00');
    expect(belgradeTimeOf(new Date('2026-10-25T00:59:00Z'))).toBe('02:59');
    expect(belgradeTimeOf(new Date('2026-10-25T01:00:00Z'))).toBe('02:00');
  });

  it('finds the instant of a Belgrade wall time, also around the changes', () => {
    expect(belgradeInstant('2026-07-01', '10:00').toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(belgradeInstant('2026-12-01', '10:00').toISOString()).toBe('2026-12-01T09:00:00.000Z');
    // 02:30 does not exist on 29 March 2026: the clocks show 03:30 then.
    expect(belgradeInstant('2026-03-29', '02:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 02:30 happens twice on 25 October 2026: the first one.
    expect(belgradeInstant('2026-10-25', '02:30').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    for (const time of ['00:00', '09:15', '23:59']) expect(belgradeTimeOf(belgradeInstant('2026-05-04', time))).toBe(time);
  });

  it('does calendar arithmetic across months, years and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(dayRange('2026-01-02', 3)).toEqual(['2025-12-31', '2026-01-01', '2026-01-02']);
  });

  it('names weekdays (0 = Sunday) and weeks Monday to Sunday', () => {
    expect(belgradeWeekday('2026-11-24')).toBe(2);
    expect(belgradeWeekday('2026-11-29')).toBe(0);
    expect(belgradeParts(new Date('2026-11-29T23:30:00Z')).weekday).toBe(1); // already Monday in Belgrade
    expect(belgradeWeekOf('2026-11-29')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
  });

  it('checks opening hours on the Belgrade clock, and refuses what is not a date or a time', () => {
    expect(isWithinHours(new Date('2026-07-01T06:00:00Z'), '08:00', '16:00')).toBe(true); // 08:00 there
    expect(isWithinHours(new Date('2026-07-01T05:59:00Z'), '08:00', '16:00')).toBe(false);
    expect(isWithinHours(new Date('2026-07-01T14:00:00Z'), '08:00', '16:00')).toBe(false); // 16:00 is closed
    expect(() => minutesOf('24:00')).toThrow(RangeError);
    expect(() => addDays('2026-13-01', 1)).toThrow(RangeError);
    expect(() => belgradeInstant('2026-07-01', '7:00')).toThrow(RangeError);
  });
});

describe('pickup and delivery helpers', () => {
  it('belgradeNow gives the Belgrade day, clock time and ISO weekday (Monday = 1) of an instant', () => {
    expect(belgradeNow(new Date('2030-06-16T21:59:00Z'))).toEqual({ date: '2030-06-16', time: '23:59', weekday: 7 });
    expect(belgradeNow(new Date('2030-06-16T22:00:00Z'))).toEqual({ date: '2030-06-17', time: '00:00', weekday: 1 });
    expect(isoWeekday('2030-06-16')).toBe(7);
    expect(isoWeekday('2030-06-17')).toBe(1);
  });

  it('isCalendarDay and isClockTime accept only real dates and HH:MM times', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    for (const bad of ['2030-02-29', '2030-13-01', '2030-6-1', '2030-06-01T00:00', '']) expect(isCalendarDay(bad), bad).toBe(false);
    expect(isClockTime('00:00')).toBe(true);
    expect(isClockTime('23:59')).toBe(true);
    for (const bad of ['24:00', '9:00', '09:60', '09:00:00', '']) expect(isClockTime(bad), bad).toBe(false);
  });
});

describe('Temporal and Intl', () => {
  it('give the same Belgrade fields for any instant from 1971 to 2199, changes of summer time included', () => {
    const temporal = Temporal as unknown as TemporalApi;
    const changes = [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1), Date.UTC(2100, 2, 28, 1)];
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2199, 11, 31) }),
          fc.constantFrom(...changes).chain((at) => fc.integer({ min: at - 2 * 3_600_000, max: at + 2 * 3_600_000 })),
        ),
        (ms) => {
          expect(zonedParts(new Date(ms), temporal)).toEqual(zonedParts(new Date(ms)));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
