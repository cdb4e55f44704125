-- The mail outbox keeps retrying transient failures for days and gives up on permanent ones
-- after a few tries (src/server/domain/outbox.ts): a given-up mail keeps its row (recipient,
-- subject, reason) with given_up_at set; hard_failures counts permanent (5xx) refusals;
-- sending_until is the lease of the instance sending it (a relay probe that wakes the waiting
-- mails leaves those being sent alone).
ALTER TABLE "mail_outbox" ADD COLUMN "given_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "hard_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sending_until" timestamp with time zone;--> statement-breakpoint
-- Mails given up on by the old rule (8 attempts) are recorded as given up.
UPDATE "mail_outbox" SET "given_up_at" = "next_attempt_at" WHERE "sent_at" IS NULL AND "attempts" >= 8;--> statement-breakpoint
DROP INDEX IF EXISTS "mail_outbox_pending_idx";--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" IS NULL AND "mail_outbox"."given_up_at" IS NULL;
