CREATE TABLE "voucher_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "voucher_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(64) NOT NULL,
	"amount" bigint NOT NULL,
	"min_spend" bigint NOT NULL,
	"scope" varchar(8) NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"shared_code" varchar(32),
	"per_user_limit" smallint DEFAULT 1 NOT NULL,
	"issued_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_batches_shared_code_unique" UNIQUE("shared_code"),
	CONSTRAINT "voucher_batches_amount_positive" CHECK ("voucher_batches"."amount" > 0 and "voucher_batches"."min_spend" >= 0 and "voucher_batches"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vouchers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"batch_id" integer NOT NULL,
	"code" varchar(32),
	"amount" bigint NOT NULL,
	"user_id" integer,
	"redeemed_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"used_amount" bigint DEFAULT 0 NOT NULL,
	"instance_id" integer,
	CONSTRAINT "vouchers_code_unique" UNIQUE("code"),
	CONSTRAINT "vouchers_amounts" CHECK ("vouchers"."amount" >= 0 and "vouchers"."used_amount" >= 0 and "vouchers"."used_amount" <= "vouchers"."amount")
);
--> statement-breakpoint
ALTER TABLE "voucher_batches" ADD CONSTRAINT "voucher_batches_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_batch_id_voucher_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."voucher_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vouchers_user_idx" ON "vouchers" USING btree ("user_id","used_at");--> statement-breakpoint
CREATE INDEX "vouchers_unclaimed_idx" ON "vouchers" USING btree ("batch_id","user_id");