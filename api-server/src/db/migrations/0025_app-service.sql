CREATE TABLE "instance_apps" (
	"instance_id" integer PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"app_name" varchar(60) NOT NULL,
	"start_command" varchar(1000) NOT NULL,
	"env" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"readiness" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_templates" ADD COLUMN "env" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "app_templates" ADD COLUMN "readiness" jsonb;--> statement-breakpoint
ALTER TABLE "instance_apps" ADD CONSTRAINT "instance_apps_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE no action ON UPDATE no action;