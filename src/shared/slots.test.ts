import { describe, expect, it } from 'vitest';
import { addDays, belgradeNow, isoWeekday } from './time.ts';
import { listSlots, pickupFits, timePassed } from './slots.ts';

const point = { id: 'p', hours: [{ weekday: 6, opens: '07:00', closes: '13:00' }, { weekday: 3, opens: '16:00', closes: '19:00' }, { weekday: 3, opens: '08:00', closes: '10:00' }] };
const delivery = { enabled: true, areas: ['Beograd'], leadDays: 1, weekdays: [4] };

describe('Belgrade time', () => {
  it('reads the Belgrade day, time and weekday across summer time', () => {
    expect(belgradeNow(new Date('2030-06-12T22:30:00Z'))).toEqual({ date: '2030-06-13', time: '00:30', weekday: 4 });
    expect(belgradeNow(new Date('2030-01-15T22:30:00Z'))).toEqual({ date: '2030-01-15', time: '23:30', weekday: 2 });
    expect(belgradeNow(new Date('2030-03-31T01:30:00Z')).time).toBe('03:30');
    expect(addDays('2030-12-31', 1)).toBe('2031-01-01');
    expect(isoWeekday('2030-06-16')).toBe(7);
  });
});

describe('slots', () => {
  it('lists windows in order and drops the closed ones of today', () => {
    const now = new Date('2030-06-12T08:30:00Z'); // Wednesday 10:30
    const { pickup, delivery: days } = listSlots({ pickupPoints: [point], delivery }, now, '2030-06-12', 4);
    expect(pickup).toEqual([
      { pickupPointId: 'p', date: '2030-06-12', opens: '16:00', closes: '19:00' },
      { pickupPointId: 'p', date: '2030-06-15', opens: '07:00', closes: '13:00' },
    ]);
    expect(days).toEqual([{ date: '2030-06-13' }]);
  });

  it('fits a time inside a window, ends included, and never one already past', () => {
    const now = new Date('2030-06-12T08:30:00Z');
    expect(pickupFits(point, '2030-06-15', '13:00', now)).not.toBeNull();
    expect(pickupFits(point, '2030-06-15', '13:01', now)).toBeNull();
    expect(pickupFits(point, '2030-06-12', '09:00', now)).toBeNull();
    expect(pickupFits(point, '2030-06-12', undefined, now)?.opens).toBe('16:00');
    expect(timePassed('2030-06-12', '10:29', now)).toBe(true);
    expect(timePassed('2030-06-12', '10:30', now)).toBe(false);
  });
});
