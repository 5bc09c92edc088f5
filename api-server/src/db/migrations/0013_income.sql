CREATE TABLE "balance_thresholds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"threshold" bigint NOT NULL,
	"alerted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "income_holds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "income_holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"source_kind" varchar(16) NOT NULL,
	"source_ref" varchar(80) NOT NULL,
	"from_user_id" integer,
	"base_amount" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_account_budgets" (
	"sub_id" integer PRIMARY KEY NOT NULL,
	"monthly_budget" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_account_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sub_account_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"main_id" integer NOT NULL,
	"sub_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"payee_channel" varchar(16) NOT NULL,
	"payee_account" varchar(40) NOT NULL,
	"payee_name" varchar(40) NOT NULL,
	"bank_name" varchar(60) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"payout_provider" varchar(20),
	"payout_ref" varchar(80),
	"reviewer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "balance_thresholds" ADD CONSTRAINT "balance_thresholds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income_holds" ADD CONSTRAINT "income_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income_holds" ADD CONSTRAINT "income_holds_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_account_budgets" ADD CONSTRAINT "sub_account_budgets_sub_id_users_id_fk" FOREIGN KEY ("sub_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_account_transfers" ADD CONSTRAINT "sub_account_transfers_main_id_users_id_fk" FOREIGN KEY ("main_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_account_transfers" ADD CONSTRAINT "sub_account_transfers_sub_id_users_id_fk" FOREIGN KEY ("sub_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "income_holds_source_idx" ON "income_holds" USING btree ("source_kind","source_ref");--> statement-breakpoint
CREATE INDEX "income_holds_user_idx" ON "income_holds" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "income_holds_release_idx" ON "income_holds" USING btree ("release_at");--> statement-breakpoint
CREATE INDEX "sub_account_transfers_sub_idx" ON "sub_account_transfers" USING btree ("sub_id","id");--> statement-breakpoint
CREATE INDEX "sub_account_transfers_main_idx" ON "sub_account_transfers" USING btree ("main_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","id");