CREATE TABLE "invoice_request_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_no" varchar(32) NOT NULL,
	"user_id" integer NOT NULL,
	"mode" varchar(8) NOT NULL,
	"amount" bigint NOT NULL,
	"title" jsonb NOT NULL,
	"orders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"email" varchar(100) DEFAULT '' NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"status" smallint NOT NULL,
	"reject_reason" varchar(200) DEFAULT '' NOT NULL,
	"provider" varchar(20),
	"invoice_no" varchar(32),
	"pdf_key" varchar(200),
	"issued_at" timestamp with time zone,
	"reversal_no" varchar(32),
	"reversed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_requests_request_no_unique" UNIQUE("request_no"),
	CONSTRAINT "invoice_requests_invoice_no_unique" UNIQUE("invoice_no"),
	CONSTRAINT "invoice_requests_amount_positive" CHECK ("invoice_requests"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_titles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_titles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"title_type" smallint NOT NULL,
	"invoice_type" smallint NOT NULL,
	"name" varchar(100) NOT NULL,
	"tax_no" varchar(20) DEFAULT '' NOT NULL,
	"bank_name" varchar(60) DEFAULT '' NOT NULL,
	"bank_account" varchar(30) DEFAULT '' NOT NULL,
	"address" varchar(120) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_request_orders" ADD CONSTRAINT "invoice_request_orders_request_id_invoice_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."invoice_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD CONSTRAINT "invoice_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_titles" ADD CONSTRAINT "invoice_titles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_request_orders_request_idx" ON "invoice_request_orders" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "invoice_requests_user_idx" ON "invoice_requests" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "invoice_requests_status_idx" ON "invoice_requests" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "invoice_titles_user_idx" ON "invoice_titles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_titles_one_default" ON "invoice_titles" USING btree ("user_id") WHERE "invoice_titles"."is_default";