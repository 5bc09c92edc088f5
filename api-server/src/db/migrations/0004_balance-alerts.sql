CREATE TABLE "balance_alerts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"warned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "balance_alerts" ADD CONSTRAINT "balance_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;