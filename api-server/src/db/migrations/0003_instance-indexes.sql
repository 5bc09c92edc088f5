ALTER TABLE "bills" DROP CONSTRAINT "bills_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "bills" DROP CONSTRAINT "bills_ledger_entry_id_ledger_entries_id_fk";
--> statement-breakpoint
DROP INDEX "instances_metering_idx";--> statement-breakpoint
CREATE INDEX "instances_user_status_idx" ON "instances" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "instances_running_payg_idx" ON "instances" USING btree ("id") WHERE "instances"."status" = 2 and "instances"."billing_type" = 1;--> statement-breakpoint
-- Room on each page for the per-minute meter updates to stay on the same page (HOT updates).
ALTER TABLE "instances" SET (fillfactor = 50);