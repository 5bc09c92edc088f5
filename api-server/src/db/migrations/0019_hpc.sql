CREATE TABLE "hpc_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hpc_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"cluster_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"purpose" varchar(500) DEFAULT '' NOT NULL,
	"unix_name" varchar(32) NOT NULL,
	"home" varchar(255) DEFAULT '' NOT NULL,
	"scratch" varchar(255) DEFAULT '' NOT NULL,
	"reason" varchar(300) DEFAULT '' NOT NULL,
	"reviewer_id" integer,
	"applied_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"opened_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hpc_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hpc_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"cluster_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"scheduler_job_id" varchar(32),
	"name" varchar(64) NOT NULL,
	"partition" varchar(64) NOT NULL,
	"nodes" integer NOT NULL,
	"tasks" integer NOT NULL,
	"cpus_per_task" integer NOT NULL,
	"gpus" integer DEFAULT 0 NOT NULL,
	"memory_mb" integer NOT NULL,
	"time_limit_minutes" integer NOT NULL,
	"work_dir" varchar(1024) NOT NULL,
	"output_path" varchar(1024) NOT NULL,
	"script" text NOT NULL,
	"state" varchar(16) NOT NULL,
	"reason" varchar(300) DEFAULT '' NOT NULL,
	"exit_code" integer,
	"estimated_amount" bigint NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"elapsed_seconds" integer,
	"alloc_cpus" integer,
	"alloc_gpus" integer,
	"core_seconds" bigint,
	"gpu_seconds" bigint,
	"package_core_seconds" bigint,
	"charged_amount" bigint,
	"charged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hpc_package_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hpc_package_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cluster_id" integer,
	"name" varchar(60) NOT NULL,
	"core_hours" integer NOT NULL,
	"price" bigint NOT NULL,
	"valid_days" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hpc_packages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hpc_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"cluster_id" integer,
	"order_id" integer NOT NULL,
	"core_seconds" bigint NOT NULL,
	"remaining_core_seconds" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hpc_partitions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hpc_partitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cluster_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"title" varchar(60) NOT NULL,
	"description" varchar(300) DEFAULT '' NOT NULL,
	"core_hour_price" bigint NOT NULL,
	"gpu_hour_price" bigint DEFAULT 0 NOT NULL,
	"max_nodes" integer DEFAULT 1 NOT NULL,
	"max_cpus_per_job" integer NOT NULL,
	"max_gpus_per_job" integer DEFAULT 0 NOT NULL,
	"max_memory_mb_per_job" integer NOT NULL,
	"max_time_minutes" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hpc_simulated_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hpc_simulated_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cluster_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"unix_name" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"partition" varchar(64) NOT NULL,
	"cpus" integer NOT NULL,
	"gpus" integer NOT NULL,
	"time_limit_seconds" integer NOT NULL,
	"run_seconds" integer NOT NULL,
	"exit_code" integer DEFAULT 0 NOT NULL,
	"work_dir" varchar(1024) NOT NULL,
	"output_path" varchar(1024) NOT NULL,
	"script" text NOT NULL,
	"state" varchar(16) NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "hpc_clusters" ADD COLUMN "scheduler" varchar(16) DEFAULT 'simulated' NOT NULL;--> statement-breakpoint
ALTER TABLE "hpc_accounts" ADD CONSTRAINT "hpc_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hpc_accounts" ADD CONSTRAINT "hpc_accounts_cluster_id_hpc_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."hpc_clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hpc_jobs" ADD CONSTRAINT "hpc_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hpc_jobs" ADD CONSTRAINT "hpc_jobs_cluster_id_hpc_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."hpc_clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hpc_jobs" ADD CONSTRAINT "hpc_jobs_account_id_hpc_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."hpc_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hpc_package_products" ADD CONSTRAINT "hpc_package_products_cluster_id_hpc_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."hpc_clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hpc_packages" ADD CONSTRAINT "hpc_packages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hpc_packages" ADD CONSTRAINT "hpc_packages_product_id_hpc_package_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."hpc_package_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hpc_packages" ADD CONSTRAINT "hpc_packages_cluster_id_hpc_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."hpc_clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hpc_partitions" ADD CONSTRAINT "hpc_partitions_cluster_id_hpc_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."hpc_clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hpc_accounts_user_cluster_idx" ON "hpc_accounts" USING btree ("user_id","cluster_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hpc_accounts_unix_name_idx" ON "hpc_accounts" USING btree ("cluster_id","unix_name");--> statement-breakpoint
CREATE INDEX "hpc_accounts_review_idx" ON "hpc_accounts" USING btree ("status","applied_at");--> statement-breakpoint
CREATE INDEX "hpc_jobs_user_idx" ON "hpc_jobs" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "hpc_jobs_scheduler_idx" ON "hpc_jobs" USING btree ("cluster_id","scheduler_job_id");--> statement-breakpoint
CREATE INDEX "hpc_jobs_active_idx" ON "hpc_jobs" USING btree ("cluster_id") WHERE "hpc_jobs"."charged_at" is null;--> statement-breakpoint
CREATE INDEX "hpc_packages_user_idx" ON "hpc_packages" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "hpc_partitions_cluster_name_idx" ON "hpc_partitions" USING btree ("cluster_id","name");--> statement-breakpoint
CREATE INDEX "hpc_simulated_jobs_cluster_idx" ON "hpc_simulated_jobs" USING btree ("cluster_id","state");