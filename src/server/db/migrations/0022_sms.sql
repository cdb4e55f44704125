-- SMS to producers, and their replies (docs/notifications.md, "SMS"; docs/decisions/0049-sms-over-smpp.md).
-- One row per household that gave a phone: the phone, its confirmation code (a hash), the
-- events it wants and its quiet hours (HH:MM, Europe/Belgrade).
CREATE TABLE "sms_settings" (
	"household_id" uuid PRIMARY KEY NOT NULL REFERENCES "households"("id") ON DELETE CASCADE,
	"phone" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_tries" integer DEFAULT 0 NOT NULL,
	"code_sent_at" timestamp with time zone,
	"codes_sent" integer DEFAULT 0 NOT NULL,
	"codes_window_at" timestamp with time zone,
	"events" text[] DEFAULT '{order,message}' NOT NULL,
	"quiet_from" text DEFAULT '21:00' NOT NULL,
	"quiet_to" text DEFAULT '07:00' NOT NULL,
	"script" text DEFAULT 'latn' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_settings_script_check" CHECK ("script" IN ('latn', 'cyrl')),
	CONSTRAINT "sms_settings_events_check" CHECK ("events" <@ ARRAY['order', 'message', 'drop_cutoff', 'standing_demand']::text[])
);
--> statement-breakpoint
-- A confirmed phone belongs to one household: its replies must name one sender.
CREATE UNIQUE INDEX "sms_settings_confirmed_phone_key" ON "sms_settings" ("phone") WHERE "confirmed_at" IS NOT NULL;
--> statement-breakpoint
-- The SMS outbox: kept and retried like mail_outbox (domain/sms-outbox.ts). A row held by the
-- quiet hours is due when they end (next_attempt_at); held rows of one household are merged.
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid REFERENCES "households"("id") ON DELETE SET NULL,
	"phone" text NOT NULL,
	"event" text NOT NULL,
	"text" text NOT NULL,
	"encoding" text NOT NULL,
	"parts" integer NOT NULL,
	"order_id" uuid REFERENCES "orders"("id") ON DELETE SET NULL,
	"held" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sending_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"given_up_at" timestamp with time zone,
	"last_error" text,
	"message_id" text,
	"delivery_status" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_outbox_encoding_check" CHECK ("encoding" IN ('gsm7', 'ucs2'))
);
--> statement-breakpoint
CREATE INDEX "sms_outbox_pending_idx" ON "sms_outbox" ("next_attempt_at") WHERE "sent_at" IS NULL AND "given_up_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "sms_outbox_message_idx" ON "sms_outbox" ("message_id") WHERE "message_id" IS NOT NULL;
--> statement-breakpoint
-- A drop's cutoff summary (key: the drop) and tomorrow's standing demand (key: the date), once
-- per household however many instances run the pass: THE guarantee is this primary key.
CREATE TABLE "sms_summaries" (
	"household_id" uuid NOT NULL REFERENCES "households"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_summaries_pk" PRIMARY KEY ("household_id", "kind", "key")
);
--> statement-breakpoint
-- Every reply received, and what it did (or why it changed nothing).
CREATE TABLE "sms_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"text" text NOT NULL,
	"household_id" uuid REFERENCES "households"("id") ON DELETE SET NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Notifications a household wants by SMS are marked as they are written (whatever wrote them:
-- the order trigger of migration 0009, the messages feature); the SMS composer claims them.
ALTER TABLE "notifications" ADD COLUMN "sms_pending" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE INDEX "notifications_sms_idx" ON "notifications" ("created_at") WHERE "sms_pending";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION domace_notification_sms() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."type" IN ('order_placed', 'message') THEN
    NEW."sms_pending" := EXISTS (
      SELECT 1 FROM "sms_settings" s
       WHERE s."household_id" = NEW."user_id" AND s."confirmed_at" IS NOT NULL
         AND (CASE NEW."type" WHEN 'order_placed' THEN 'order' ELSE 'message' END) = ANY (s."events"));
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_sms BEFORE INSERT ON "notifications" FOR EACH ROW EXECUTE FUNCTION domace_notification_sms();
