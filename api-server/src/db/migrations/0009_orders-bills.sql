CREATE TABLE "bill_days" (
	"user_id" integer NOT NULL,
	"product" varchar(16) NOT NULL,
	"day" date NOT NULL,
	"instance_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"lines" bigint NOT NULL,
	"charged" bigint NOT NULL,
	"refunded" bigint NOT NULL,
	"usage_seconds" bigint NOT NULL,
	CONSTRAINT "bill_days_user_id_product_day_instance_id_kind_pk" PRIMARY KEY("user_id","product","day","instance_id","kind")
);
--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "product" varchar(16) DEFAULT 'gpu' NOT NULL;--> statement-breakpoint
CREATE INDEX "bill_days_instance_idx" ON "bill_days" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "bills_ledger_entry_idx" ON "bills" USING btree ("ledger_entry_id");--> statement-breakpoint
CREATE INDEX "bills_user_time_idx" ON "bills" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_user_time_idx" ON "orders" USING btree ("user_id","created_at","id");