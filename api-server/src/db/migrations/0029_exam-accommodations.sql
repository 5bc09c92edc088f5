ALTER TABLE "exam_attempts" ADD COLUMN "extra_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "layout" jsonb;--> statement-breakpoint
ALTER TABLE "exam_items" ADD COLUMN "difficulty" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_items" ADD COLUMN "pool_no" smallint;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD COLUMN "difficulty" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_students" ADD COLUMN "extra_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_students" ADD COLUMN "extra_time_set_by" integer;--> statement-breakpoint
ALTER TABLE "exam_students" ADD COLUMN "extra_time_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "shuffle_questions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "shuffle_options" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "pools" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_students" ADD CONSTRAINT "exam_students_extra_time_set_by_users_id_fk" FOREIGN KEY ("extra_time_set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;