CREATE TABLE "instance_disks" (
	"instance_id" integer PRIMARY KEY NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"system_used_bytes" bigint,
	"system_limit_bytes" bigint,
	"data_limited" boolean NOT NULL,
	"data_used_bytes" bigint,
	"data_size_bytes" bigint,
	"net_disk_used_bytes" bigint,
	"net_disk_quota_bytes" bigint,
	"data_alerted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "instance_disks" ADD CONSTRAINT "instance_disks_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE no action ON UPDATE no action;