-- Order conversations, the notification centre and Web Push (docs/notifications.md).
ALTER TABLE "users" ADD COLUMN "notification_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
CREATE TABLE "order_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"author_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"from_producer" boolean NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_messages_body_length" CHECK (char_length("body") BETWEEN 1 AND 1000)
);
--> statement-breakpoint
CREATE INDEX "order_messages_order_idx" ON "order_messages" ("order_id", "created_at", "id");
--> statement-breakpoint
-- Per order and party: how far they have read, and when they were last mailed about messages.
CREATE TABLE "order_message_states" (
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"last_read_at" timestamp with time zone,
	"last_mailed_at" timestamp with time zone,
	"mail_pending_since" timestamp with time zone,
	CONSTRAINT "order_message_states_pk" PRIMARY KEY ("order_id", "user_id")
);
--> statement-breakpoint
CREATE INDEX "order_message_states_pending_idx" ON "order_message_states" ("mail_pending_since") WHERE "mail_pending_since" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"type" text NOT NULL,
	"order_id" uuid REFERENCES "orders"("id") ON DELETE CASCADE,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"push_pending" boolean DEFAULT false NOT NULL,
	CONSTRAINT "notifications_type_check" CHECK ("type" IN ('order_placed', 'order_status', 'message', 'review', 'moderation'))
);
--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" ("user_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" ("user_id") WHERE "read_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "notifications_push_idx" ON "notifications" ("created_at") WHERE "push_pending";
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" ("endpoint");
--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" ("user_id");
--> statement-breakpoint
-- New orders (producers), status changes (the other party) and new reviews (the product's
-- producer) become notifications in the statement that writes them: one INSERT per
-- statement, so the checkout keeps its single write. push_pending marks those the push
-- sender has to look at (only users with a subscription).
CREATE OR REPLACE FUNCTION domace_notify_order_placed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (user_id, type, order_id, data, created_at, push_pending)
  SELECT n.household_id, 'order_placed', n.id, jsonb_build_object('customerName', b.name), n.created_at,
         EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = n.household_id)
  FROM new_orders n
  JOIN users p ON p.id = n.household_id
  JOIN users b ON b.id = n.buyer_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_notify_placed AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION domace_notify_order_placed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION domace_notify_order_status() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (user_id, type, order_id, data, created_at, push_pending)
  SELECT r.recipient, 'order_status', r.order_id, jsonb_build_object('status', r.status, 'householdName', r.household_name), r.created_at,
         EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = r.recipient)
  FROM (
    SELECT CASE WHEN e.actor_id = o.buyer_id THEN o.household_id ELSE o.buyer_id END AS recipient,
           e.order_id, e.status, e.created_at, h.name AS household_name
    FROM new_events e
    JOIN orders o ON o.id = e.order_id
    JOIN households h ON h.id = o.household_id
    WHERE e.status <> 'pending'
  ) r
  JOIN users u ON u.id = r.recipient;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER order_events_notify_status AFTER INSERT ON order_events
  REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION domace_notify_order_status();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION domace_notify_review() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (user_id, type, data, created_at, push_pending)
  SELECT p.household_id, 'review',
         jsonb_build_object('productId', p.id, 'productName', p.name, 'rating', r.rating, 'authorName', a.name), r.created_at,
         EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = p.household_id)
  FROM new_reviews r
  JOIN products p ON p.id = r.product_id
  JOIN users owner ON owner.id = p.household_id
  JOIN users a ON a.id = r.user_id
  WHERE r.user_id <> p.household_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_notify AFTER INSERT ON reviews
  REFERENCING NEW TABLE AS new_reviews FOR EACH STATEMENT EXECUTE FUNCTION domace_notify_review();
