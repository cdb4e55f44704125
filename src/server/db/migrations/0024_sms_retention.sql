-- What SMS leaves behind is kept for a bound, then deleted (ADR 0049, "Retention"): replies 90
-- days, SMS sent or given up 30 days, the summaries' claims 7 days. The job that deletes them
-- runs once a Belgrade day however many instances run it: THE guarantee is the primary key of
-- scheduled_runs, claimed in the transaction that deletes (a failed pass leaves no claim).
CREATE TABLE "scheduled_runs" (
	"job" text NOT NULL,
	"period" text NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	CONSTRAINT "scheduled_runs_pk" PRIMARY KEY ("job", "period")
);
--> statement-breakpoint
-- The deletes read only what is old, never a table whole.
CREATE INDEX "sms_replies_created_idx" ON "sms_replies" ("created_at");
--> statement-breakpoint
CREATE INDEX "sms_outbox_done_idx" ON "sms_outbox" ("created_at") WHERE "sent_at" IS NOT NULL OR "given_up_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "sms_summaries_created_idx" ON "sms_summaries" ("created_at");
