-- A deposit paid after its pre-order was cancelled (an unpaid deposit expired, the buyer
-- cancelled, then the money arrived: a statement row, the producer's confirmation) is owed back
-- like one paid before the cancellation (ADR 0048). One rule for both orders of events: whatever
-- update leaves an order cancelled with its deposit paid makes the deposit refund_due. It
-- replaces 0021's trigger, which saw only the cancellation coming second.
DROP TRIGGER "orders_deposit_refund_due" ON "orders";
--> statement-breakpoint
CREATE TRIGGER "orders_deposit_refund_due" BEFORE UPDATE OF "status", "deposit_status" ON "orders"
  FOR EACH ROW WHEN (NEW."status" = 'cancelled' AND NEW."deposit_status" = 'paid')
  EXECUTE FUNCTION orders_deposit_refund_due();
