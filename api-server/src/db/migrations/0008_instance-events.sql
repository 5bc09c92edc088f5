CREATE TABLE "instance_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "instance_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"instance_id" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"actor" varchar(8) NOT NULL,
	"actor_user_id" integer,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"after_bill_id" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instance_events" ADD CONSTRAINT "instance_events_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instance_events_instance_idx" ON "instance_events" USING btree ("instance_id","created_at");