-- Local logistics and payment: pickup points and hours, delivery, minimum order and
-- payment per household; quantity steps, harvest pre-orders and fractional stock per product;
-- order numbers, pickup point, delivery fee and payment per order.
ALTER TABLE "households"
  ADD COLUMN "pickup_points" jsonb NOT NULL DEFAULT '[]'::jsonb,
  ADD COLUMN "delivery" jsonb NOT NULL DEFAULT '{"enabled":false,"areas":[],"feePara":0,"freeFromPara":null,"leadDays":0,"weekdays":[]}'::jsonb,
  ADD COLUMN "minimum_order_para" bigint NOT NULL DEFAULT 0,
  ADD COLUMN "payment_cash" boolean NOT NULL DEFAULT true,
  ADD COLUMN "ips_account" text,
  ADD COLUMN "ips_payee_name" text,
  ADD CONSTRAINT "households_minimum_order_nonnegative" CHECK ("minimum_order_para" >= 0),
  ADD CONSTRAINT "households_ips_account_digits" CHECK ("ips_account" IS NULL OR "ips_account" ~ '^[0-9]{18}$');
--> statement-breakpoint
ALTER TABLE "products"
  ALTER COLUMN "stock" TYPE numeric(13, 3) USING "stock"::numeric(13, 3),
  ADD COLUMN "quantity_step" numeric(10, 3) NOT NULL DEFAULT 1,
  ADD COLUMN "available_from" date,
  ADD CONSTRAINT "products_quantity_step_positive" CHECK ("quantity_step" > 0);
--> statement-breakpoint
ALTER TABLE "order_items"
  ALTER COLUMN "quantity" TYPE numeric(12, 3) USING "quantity"::numeric(12, 3);
--> statement-breakpoint
CREATE SEQUENCE "order_number_seq" START WITH 100001;
--> statement-breakpoint
ALTER TABLE "orders"
  ADD COLUMN "number" bigint NOT NULL DEFAULT nextval('order_number_seq'),
  ADD COLUMN "pickup_point_id" uuid,
  ADD COLUMN "pickup_point_name" text,
  ADD COLUMN "pickup_point_address" text,
  ADD COLUMN "delivery_area" text,
  ADD COLUMN "delivery_fee_para" bigint NOT NULL DEFAULT 0,
  ADD COLUMN "payment_method" text NOT NULL DEFAULT 'cash',
  ADD COLUMN "payment_status" text NOT NULL DEFAULT 'unpaid',
  ADD COLUMN "paid_at" timestamp with time zone,
  ADD COLUMN "ips_account" text,
  ADD COLUMN "ips_payee_name" text,
  ADD CONSTRAINT "orders_payment_method_check" CHECK ("payment_method" IN ('cash', 'ips_qr')),
  ADD CONSTRAINT "orders_payment_status_check" CHECK ("payment_status" IN ('unpaid', 'paid'));
--> statement-breakpoint
ALTER SEQUENCE "order_number_seq" OWNED BY "orders"."number";
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" ("number");
