ALTER TABLE "bills" ADD COLUMN "product" varchar(16) DEFAULT 'gpu' NOT NULL;--> statement-breakpoint
CREATE INDEX "bills_ledger_entry_idx" ON "bills" USING btree ("ledger_entry_id");--> statement-breakpoint
CREATE INDEX "bills_user_time_idx" ON "bills" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_user_time_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);