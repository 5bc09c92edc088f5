CREATE TABLE "about_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "about_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nav_name" varchar(40) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "about_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "about_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"nav_name" varchar(40) NOT NULL,
	"url" varchar(300) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adverts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "adverts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(100) NOT NULL,
	"image_url" varchar(500) NOT NULL,
	"link_url" varchar(500) DEFAULT '' NOT NULL,
	"position" varchar(32) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enum_items" (
	"type" varchar(40) NOT NULL,
	"code" integer NOT NULL,
	"name" varchar(40) NOT NULL,
	"description" varchar(60) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "enum_items_type_code_pk" PRIMARY KEY("type","code")
);
--> statement-breakpoint
CREATE TABLE "friend_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "friend_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(60) NOT NULL,
	"url" varchar(300) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lecturer_follows" (
	"user_id" integer NOT NULL,
	"lecturer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lecturer_follows_user_id_lecturer_id_pk" PRIMARY KEY("user_id","lecturer_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"kind" varchar(32) NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nav_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "nav_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nav_title" varchar(40) NOT NULL,
	"nav_url" varchar(300) NOT NULL,
	"target" varchar(10) DEFAULT '_self' NOT NULL,
	"plat_show" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(300) DEFAULT '' NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mobile" varchar(11) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_config" (
	"key" varchar(60) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mobile" varchar(11) NOT NULL,
	"password_hash" text NOT NULL,
	"nickname" varchar(40) NOT NULL,
	"head_img_url" varchar(500) DEFAULT '' NOT NULL,
	"user_type" smallint DEFAULT 1 NOT NULL,
	"is_teacher" boolean DEFAULT false NOT NULL,
	"is_grade_admin" boolean DEFAULT false NOT NULL,
	"expire_time" timestamp with time zone,
	"id_card_check_status" smallint DEFAULT 0 NOT NULL,
	"real_name" varchar(40),
	"id_card_masked" varchar(18),
	"id_card_hash" varchar(64),
	"video_permission" boolean DEFAULT false NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"zhisuan_status" smallint DEFAULT 0 NOT NULL,
	"chaosuan_status" smallint DEFAULT 0 NOT NULL,
	"parent_id" integer,
	"share_balance" boolean DEFAULT false NOT NULL,
	"referral_code" varchar(12) NOT NULL,
	"referred_by" integer,
	"shop_name" varchar(30),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_mobile_unique" UNIQUE("mobile"),
	CONSTRAINT "users_id_card_hash_unique" UNIQUE("id_card_hash"),
	CONSTRAINT "users_referral_code_unique" UNIQUE("referral_code"),
	CONSTRAINT "users_shop_name_unique" UNIQUE("shop_name"),
	CONSTRAINT "users_balance_not_negative" CHECK ("users"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "website" (
	"id" smallint PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"system_name" varchar(100) NOT NULL,
	"logo" varchar(500) NOT NULL,
	"foot_logo" varchar(500) NOT NULL,
	"ico" varchar(500) NOT NULL,
	"keyword" varchar(300) NOT NULL,
	"description" varchar(500) NOT NULL,
	"copyright" varchar(200) NOT NULL,
	"icp" varchar(100) NOT NULL,
	"icp_text" varchar(100) NOT NULL,
	"prn" varchar(100) NOT NULL,
	"prn_no" varchar(100) NOT NULL,
	"is_enable_statistics" boolean DEFAULT false NOT NULL,
	"statistics_code" text DEFAULT '' NOT NULL,
	"is_show_service" boolean DEFAULT true NOT NULL,
	"service1" varchar(200) DEFAULT '' NOT NULL,
	"service2" varchar(200) DEFAULT '' NOT NULL,
	"service3" varchar(200) DEFAULT '' NOT NULL,
	"service4" varchar(200) DEFAULT '' NOT NULL,
	"service5" varchar(200) DEFAULT '' NOT NULL,
	"h5_domain" varchar(200) DEFAULT '' NOT NULL,
	"hotline" varchar(40) NOT NULL,
	"head_tips_show" boolean DEFAULT false NOT NULL,
	"head_tips_bg_color" varchar(20) DEFAULT '' NOT NULL,
	"head_tips_content" varchar(300) DEFAULT '' NOT NULL,
	"user_intro" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(40) NOT NULL,
	"code" varchar(40) NOT NULL,
	"category_type" smallint NOT NULL,
	"zone_location" smallint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "zones_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "about_items" ADD CONSTRAINT "about_items_group_id_about_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."about_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecturer_follows" ADD CONSTRAINT "lecturer_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecturer_follows" ADD CONSTRAINT "lecturer_follows_lecturer_id_users_id_fk" FOREIGN KEY ("lecturer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enum_items_name_idx" ON "enum_items" USING btree ("type","name");--> statement-breakpoint
CREATE INDEX "ledger_user_idx" ON "ledger_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_user_idx" ON "messages" USING btree ("user_id","is_read");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sms_codes_lookup_idx" ON "sms_codes" USING btree ("mobile","purpose","created_at");--> statement-breakpoint
CREATE INDEX "users_parent_idx" ON "users" USING btree ("parent_id");