/**
 * SMS sent by this process, by event (order, message, drop_cutoff, standing_demand, summary,
 * code, help): messages and the parts they took (parts are what the SMSC bills). Counted by
 * domain/sms-outbox.ts, exposed by /metrics (plugins/metrics.ts); `givenUp` is a bad-day count.
 */
export const smsCounters = { messages: new Map<string, number>(), parts: new Map<string, number>(), givenUp: 0 };
