CREATE TABLE "bills" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"instance_id" integer,
	"order_id" integer,
	"ledger_entry_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"amount" bigint NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"day_rate" bigint DEFAULT 0 NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compute_nodes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "compute_nodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"region_code" varchar(32) NOT NULL,
	"name" varchar(40) NOT NULL,
	"gpu_model_id" integer NOT NULL,
	"gpu_total" integer NOT NULL,
	"gpu_free" integer NOT NULL,
	"cpu_per_gpu" integer NOT NULL,
	"memory_per_gpu_gb" integer NOT NULL,
	"system_disk_gb" integer DEFAULT 30 NOT NULL,
	"data_disk_max_gb" integer DEFAULT 2000 NOT NULL,
	"cuda_version" varchar(16) NOT NULL,
	"ssh_host" varchar(100) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "compute_nodes_gpu_free_range" CHECK ("compute_nodes"."gpu_free" >= 0 and "compute_nodes"."gpu_free" <= "compute_nodes"."gpu_total")
);
--> statement-breakpoint
CREATE TABLE "gpu_models" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gpu_models_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(32) NOT NULL,
	"name" varchar(40) NOT NULL,
	"memory_gb" integer NOT NULL,
	"hour_price" bigint NOT NULL,
	"day_price" bigint NOT NULL,
	"week_price" bigint NOT NULL,
	"month_price" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "gpu_models_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "image_repositories" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"namespace" varchar(40) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_repositories_namespace_unique" UNIQUE("namespace")
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"name" varchar(60) NOT NULL,
	"framework" varchar(40) NOT NULL,
	"framework_version" varchar(20) NOT NULL,
	"python" varchar(10) NOT NULL,
	"cuda" varchar(10) NOT NULL,
	"os" varchar(30) NOT NULL,
	"size_bytes" bigint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"source_instance_id" integer,
	"base_image_id" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "instances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" varchar(40) NOT NULL,
	"node_id" integer NOT NULL,
	"region_code" varchar(32) NOT NULL,
	"gpu_model_id" integer NOT NULL,
	"gpu_count" integer NOT NULL,
	"gpu_held" integer DEFAULT 0 NOT NULL,
	"no_gpu" boolean DEFAULT false NOT NULL,
	"status" smallint NOT NULL,
	"next_status" smallint,
	"transition_at" timestamp with time zone,
	"billing_type" smallint NOT NULL,
	"package_expires_at" timestamp with time zone,
	"image_id" integer NOT NULL,
	"image_name" varchar(60) NOT NULL,
	"data_disk_extra_gb" integer DEFAULT 0 NOT NULL,
	"day_rate" bigint DEFAULT 0 NOT NULL,
	"metered_until" timestamp with time zone,
	"meter_carry" bigint DEFAULT 0 NOT NULL,
	"ssh_host" varchar(100) NOT NULL,
	"ssh_port" integer NOT NULL,
	"ssh_password" varchar(32) NOT NULL,
	"jupyter_token" varchar(48) NOT NULL,
	"stopped_at" timestamp with time zone,
	"release_warned_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_no" varchar(32) NOT NULL,
	"user_id" integer NOT NULL,
	"instance_id" integer,
	"order_type" smallint NOT NULL,
	"billing_type" smallint NOT NULL,
	"status" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"detail" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"code" varchar(32) PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compute_nodes" ADD CONSTRAINT "compute_nodes_region_code_regions_code_fk" FOREIGN KEY ("region_code") REFERENCES "public"."regions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compute_nodes" ADD CONSTRAINT "compute_nodes_gpu_model_id_gpu_models_id_fk" FOREIGN KEY ("gpu_model_id") REFERENCES "public"."gpu_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_repositories" ADD CONSTRAINT "image_repositories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instances" ADD CONSTRAINT "instances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instances" ADD CONSTRAINT "instances_node_id_compute_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."compute_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bills_user_idx" ON "bills" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "bills_instance_idx" ON "bills" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "compute_nodes_region_idx" ON "compute_nodes" USING btree ("region_code","gpu_model_id");--> statement-breakpoint
CREATE INDEX "images_user_idx" ON "images" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "instances_user_idx" ON "instances" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "instances_metering_idx" ON "instances" USING btree ("metered_until") WHERE "instances"."status" = 2 and "instances"."billing_type" = 1;--> statement-breakpoint
CREATE INDEX "instances_transition_idx" ON "instances" USING btree ("transition_at") WHERE "instances"."transition_at" is not null;--> statement-breakpoint
CREATE INDEX "instances_stopped_idx" ON "instances" USING btree ("stopped_at") WHERE "instances"."status" = 4;--> statement-breakpoint
CREATE INDEX "instances_package_idx" ON "instances" USING btree ("package_expires_at") WHERE "instances"."billing_type" <> 1 and "instances"."status" <> 6;--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","id");