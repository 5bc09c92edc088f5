CREATE TABLE "cloud_disks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cloud_disks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"region_code" varchar(32) NOT NULL,
	"quota_bytes" bigint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"activated_at" timestamp with time zone NOT NULL,
	"paid_through" timestamp with time zone NOT NULL,
	"warned_percent" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "datasets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "datasets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer,
	"name" varchar(64) NOT NULL,
	"title" varchar(120) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"licence" varchar(60) NOT NULL,
	"version" varchar(32) NOT NULL,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"file_count" integer DEFAULT 0 NOT NULL,
	"checksum" varchar(64) DEFAULT '' NOT NULL,
	"status" varchar(12) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "download_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "download_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"tree" varchar(80) NOT NULL,
	"path" varchar(1024) NOT NULL,
	"is_dir" boolean NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hpc_clusters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hpc_clusters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(60) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"host" varchar(255) DEFAULT '' NOT NULL,
	"port" integer DEFAULT 22 NOT NULL,
	"username" varchar(64) DEFAULT '' NOT NULL,
	"private_key" text DEFAULT '' NOT NULL,
	"home_template" varchar(255) DEFAULT '{userId}' NOT NULL,
	"quota_bytes" bigint NOT NULL,
	"quota_files" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instance_mounts" (
	"instance_id" integer NOT NULL,
	"mount_path" varchar(255) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"source_id" integer NOT NULL,
	"read_only" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instance_mounts_instance_id_mount_path_pk" PRIMARY KEY("instance_id","mount_path")
);
--> statement-breakpoint
CREATE TABLE "net_disks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "net_disks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"region_code" varchar(32) NOT NULL,
	"size_gb" integer NOT NULL,
	"quota_files" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"activated_at" timestamp with time zone NOT NULL,
	"paid_through" timestamp with time zone NOT NULL,
	"warned_percent" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_tasks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "storage_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"status" varchar(12) NOT NULL,
	"title" varchar(200) NOT NULL,
	"source" jsonb NOT NULL,
	"target" jsonb NOT NULL,
	"total_bytes" bigint DEFAULT 0 NOT NULL,
	"done_bytes" bigint DEFAULT 0 NOT NULL,
	"total_items" integer DEFAULT 0 NOT NULL,
	"done_items" integer DEFAULT 0 NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trash_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trash_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"tree" varchar(80) NOT NULL,
	"original_path" varchar(1024) NOT NULL,
	"trash_path" varchar(1100) NOT NULL,
	"is_dir" boolean NOT NULL,
	"bytes" bigint NOT NULL,
	"files" integer NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"warned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_clusters" (
	"user_id" integer NOT NULL,
	"cluster_id" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_clusters_user_id_cluster_id_pk" PRIMARY KEY("user_id","cluster_id")
);
--> statement-breakpoint
ALTER TABLE "cloud_disks" ADD CONSTRAINT "cloud_disks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datasets" ADD CONSTRAINT "datasets_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_records" ADD CONSTRAINT "download_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_mounts" ADD CONSTRAINT "instance_mounts_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "net_disks" ADD CONSTRAINT "net_disks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_tasks" ADD CONSTRAINT "storage_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trash_items" ADD CONSTRAINT "trash_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_clusters" ADD CONSTRAINT "user_clusters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_clusters" ADD CONSTRAINT "user_clusters_cluster_id_hpc_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."hpc_clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cloud_disks_user_region_idx" ON "cloud_disks" USING btree ("user_id","region_code");--> statement-breakpoint
CREATE INDEX "datasets_owner_idx" ON "datasets" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "download_records_user_idx" ON "download_records" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "net_disks_user_region_idx" ON "net_disks" USING btree ("user_id","region_code");--> statement-breakpoint
CREATE INDEX "storage_tasks_user_idx" ON "storage_tasks" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "storage_tasks_status_idx" ON "storage_tasks" USING btree ("status");--> statement-breakpoint
CREATE INDEX "trash_items_user_tree_idx" ON "trash_items" USING btree ("user_id","tree","id");--> statement-breakpoint
CREATE INDEX "trash_items_expiry_idx" ON "trash_items" USING btree ("expires_at");