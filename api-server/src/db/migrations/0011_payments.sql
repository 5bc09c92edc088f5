CREATE TABLE "payment_notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" varchar(16) NOT NULL,
	"payment_no" varchar(64),
	"provider_trade_no" varchar(64),
	"outcome" varchar(8) NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_no" varchar(32) NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"provider" varchar(16) NOT NULL,
	"provider_trade_no" varchar(64),
	"amount" bigint NOT NULL,
	"status" varchar(8) DEFAULT 'unpaid' NOT NULL,
	"idempotency_key" varchar(64) NOT NULL,
	"pay_url" text,
	"qr_code" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"flagged_for_review" boolean DEFAULT false NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_payment_no_unique" UNIQUE("payment_no"),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_sandbox_trades" (
	"trade_no" varchar(32) PRIMARY KEY NOT NULL,
	"payment_no" varchar(32) NOT NULL,
	"amount" bigint NOT NULL,
	"subject" varchar(100) NOT NULL,
	"status" varchar(16) NOT NULL,
	"return_url" text NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_sandbox_trades_payment_no_unique" UNIQUE("payment_no")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_notifications_payment_idx" ON "payment_notifications" USING btree ("payment_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_trade_idx" ON "payments" USING btree ("provider","provider_trade_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_idx" ON "payments" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "payments_unpaid_expiry_idx" ON "payments" USING btree ("expires_at") WHERE "payments"."status" = 'unpaid';--> statement-breakpoint
CREATE INDEX "payments_flagged_idx" ON "payments" USING btree ("id") WHERE "payments"."flagged_for_review" and "payments"."reviewed_at" is null;--> statement-breakpoint
-- OrderStatusEnum 4 已关闭 (a recharge closed unpaid after its timeout) on sites whose enums were seeded before it existed.
insert into enum_items (type, code, name, description, sort)
select 'OrderStatusEnum', 4, 'CLOSED', '已关闭', 4
where exists (select 1 from enum_items where type = 'OrderStatusEnum')
on conflict do nothing;
