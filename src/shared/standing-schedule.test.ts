import { describe, expect, it } from 'vitest';
import { cycleDatesBetween, cycleDueAt, firstCycleDate, isCycleDate, nextCycleDate } from './standing-schedule.ts';

describe('standing order schedule in Belgrade time', () => {
  it('a cycle is due its cutoff in real hours before 00:00 in Belgrade, across the change of summer time', () => {
    // 25 October 2026: summer time ends at 03:00 that day; its midnight is still CEST (UTC+2).
    expect(cycleDueAt('2026-10-25', 48).toISOString()).toBe('2026-10-22T22:00:00.000Z');
    // 26 October: midnight in CET (UTC+1); 48 h earlier Belgrade clocks show 01:00 on the 24th (CEST).
    expect(cycleDueAt('2026-10-26', 48).toISOString()).toBe('2026-10-23T23:00:00.000Z');
    // 28 March 2027: summer time starts at 02:00; its midnight is CET, the next one CEST.
    expect(cycleDueAt('2027-03-28', 48).toISOString()).toBe('2027-03-25T23:00:00.000Z');
    // 29 March: midnight is CEST (22:00 UTC); 24 real hours earlier Belgrade clocks show 23:00 on the 27th (CET).
    expect(cycleDueAt('2027-03-29', 24).toISOString()).toBe('2027-03-27T22:00:00.000Z');
  });

  it('weekly dates stay on their weekday across both changes', () => {
    expect(cycleDatesBetween('2026-10-15', '2026-11-05', '2026-10-18', 1)).toEqual(['2026-10-18', '2026-10-25', '2026-11-01']);
    expect(cycleDatesBetween('2027-03-01', '2027-04-30', '2027-03-14', 2)).toEqual(['2027-03-14', '2027-03-28', '2027-04-11', '2027-04-25']);
    expect(isCycleDate('2027-03-28', '2027-03-14', 2)).toBe(true);
    expect(isCycleDate('2027-03-21', '2027-03-14', 2)).toBe(false);
  });

  it('a cutoff that crosses midnight in Belgrade: a 1-hour cutoff of Saturday falls on Friday 23:00', () => {
    // Friday 14 June 2030, 22:59 in Belgrade (UTC+2): Saturday 15 June is still open.
    expect(firstCycleDate(6, 1, new Date('2030-06-14T20:59:00Z'))).toBe('2030-06-15');
    // 23:00 sharp: it is due, so a new schedule starts a week later.
    expect(firstCycleDate(6, 1, new Date('2030-06-14T21:00:00Z'))).toBe('2030-06-22');
    // Late Friday in UTC is already Saturday in Belgrade: today's date is the Belgrade one.
    expect(firstCycleDate(7, 1, new Date('2030-06-14T22:30:00Z'))).toBe('2030-06-16');
  });

  it('the next date skips handled, skipped and paused dates, and is null while paused without end', () => {
    const s = { anchor: '2030-06-15', everyWeeks: 1, status: 'active' as const, pausedUntil: null, skipDates: ['2030-06-22'] };
    expect(nextCycleDate(s, '2030-06-13', new Set(['2030-06-15']))).toBe('2030-06-29');
    expect(nextCycleDate({ ...s, status: 'paused', pausedUntil: '2030-07-01' }, '2030-06-13', new Set())).toBe('2030-07-06');
    expect(nextCycleDate({ ...s, status: 'paused' }, '2030-06-13', new Set())).toBeNull();
    expect(nextCycleDate({ ...s, status: 'cancelled' }, '2030-06-13', new Set())).toBeNull();
  });
});
