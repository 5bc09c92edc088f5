CREATE SEQUENCE "public"."ledger_transaction_ids" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "ledger_idempotency_keys" (
	"key" varchar(120) PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "balance_after" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "transaction_id" bigint DEFAULT nextval('ledger_transaction_ids') NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "account" varchar(40) DEFAULT 'cash' NOT NULL;--> statement-breakpoint
-- Each single-sided entry written before this migration gets its balancing platform entry.
INSERT INTO "ledger_entries" ("transaction_id", "account", "user_id", "amount", "balance_after", "kind", "note", "created_at")
SELECT "transaction_id", CASE "kind" WHEN 'grant' THEN 'promotion' WHEN 'recharge' THEN 'clearing:sandbox' ELSE 'revenue' END,
       NULL, -"amount", NULL, "kind", "note", "created_at"
FROM "ledger_entries";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "transaction_id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "income_balance" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "income_held" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_income_not_negative" CHECK ("users"."income_balance" >= 0 and "users"."income_held" >= 0);