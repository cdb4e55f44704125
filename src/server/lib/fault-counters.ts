/**
 * Counts of bad-day events, kept in the process and exposed by /metrics
 * (plugins/metrics.ts) as `domace_*_total` counters: what happened while a dependency failed,
 * for an operator to see afterwards (docs/bad-days.md).
 */
export const faultCounters = {
  /** Log lines dropped because the log destination failed (a full disk, a closed pipe). */
  logLinesDropped: 0,
  /** Requests answered 503 storage_full (the database could not write: its disk is full). */
  storageFull: 0,
  /** Uploads answered 507 media.storage_full (the media store is full). */
  mediaStorageFull: 0,
  /** Rate-limit checks counted in this instance's memory because Redis did not answer. */
  rateLimitFallbacks: 0,
  /** Mails given up on for good, by reason. */
  mailGivenUp: { permanent: 0, expired: 0 },
};
