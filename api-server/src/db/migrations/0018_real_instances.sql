CREATE TABLE "instance_logins" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "instance_logins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"instance_id" integer NOT NULL,
	"method" varchar(8) NOT NULL,
	"remote_address" varchar(64) NOT NULL,
	"key_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instance_metrics" (
	"instance_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"cpu_percent" real NOT NULL,
	"memory_bytes" bigint NOT NULL,
	"memory_limit_bytes" bigint NOT NULL,
	"gpu_percent" real,
	"gpu_memory_percent" real,
	CONSTRAINT "instance_metrics_instance_id_at_pk" PRIMARY KEY("instance_id","at")
);
--> statement-breakpoint
CREATE TABLE "user_ssh_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_ssh_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" varchar(40) NOT NULL,
	"public_key" text NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "runtime_ref" varchar(200);--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "gpu_indices" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "cloned_from_id" integer;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "stop_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "gpu_wait_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "idle_stop_minutes" integer;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "idle_stop_percent" smallint DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "instance_logins" ADD CONSTRAINT "instance_logins_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_metrics" ADD CONSTRAINT "instance_metrics_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ssh_keys" ADD CONSTRAINT "user_ssh_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instance_logins_instance_idx" ON "instance_logins" USING btree ("instance_id","created_at");--> statement-breakpoint
CREATE INDEX "instance_metrics_at_idx" ON "instance_metrics" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_ssh_keys_fingerprint_idx" ON "user_ssh_keys" USING btree ("user_id","fingerprint");--> statement-breakpoint
CREATE INDEX "instances_ssh_password_idx" ON "instances" USING btree ("ssh_password") WHERE "instances"."status" <> 6;--> statement-breakpoint
CREATE INDEX "instances_gpu_wait_idx" ON "instances" USING btree ("node_id","gpu_wait_since") WHERE "instances"."gpu_wait_since" is not null;