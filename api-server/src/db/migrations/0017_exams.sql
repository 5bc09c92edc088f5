CREATE TABLE "exam_answers" (
	"attempt_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"answer" jsonb NOT NULL,
	"version" bigint NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"auto_score" real,
	"manual_score" real,
	"comment" varchar(500) DEFAULT '' NOT NULL,
	"grader_id" integer,
	"graded_at" timestamp with time zone,
	CONSTRAINT "exam_answers_attempt_id_item_id_pk" PRIMARY KEY("attempt_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "exam_attempt_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_attempt_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"attempt_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"exam_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"attempt_no" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" smallint,
	"objective_score" real DEFAULT 0 NOT NULL,
	"subjective_score" real DEFAULT 0 NOT NULL,
	"total_score" real DEFAULT 0 NOT NULL,
	"ungraded_count" integer DEFAULT 0 NOT NULL,
	"leave_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"exam_id" integer NOT NULL,
	"question_id" integer,
	"sort" integer NOT NULL,
	"kind" smallint NOT NULL,
	"stem" text NOT NULL,
	"stem_html" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer_key" jsonb NOT NULL,
	"analysis" varchar(2000) DEFAULT '' NOT NULL,
	"points" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"teacher_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"stem" text NOT NULL,
	"stem_html" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer_key" jsonb NOT NULL,
	"analysis" varchar(2000) DEFAULT '' NOT NULL,
	"points" integer DEFAULT 5 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "exam_students" (
	"exam_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"assigned" boolean DEFAULT false NOT NULL,
	"compensate_opens_at" timestamp with time zone,
	"compensate_closes_at" timestamp with time zone,
	"compensate_attempts" integer DEFAULT 0 NOT NULL,
	"tip_ignored_at" timestamp with time zone,
	CONSTRAINT "exam_students_exam_id_user_id_pk" PRIMARY KEY("exam_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"grade_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"title" varchar(80) NOT NULL,
	"instructions" varchar(1000) DEFAULT '' NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"attempts_allowed" integer DEFAULT 1 NOT NULL,
	"audience" smallint DEFAULT 1 NOT NULL,
	"multiple_choice_rule" smallint DEFAULT 1 NOT NULL,
	"show_answers" boolean DEFAULT false NOT NULL,
	"total_points" integer DEFAULT 0 NOT NULL,
	"question_count" integer DEFAULT 0 NOT NULL,
	"scores_published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "grade_apply_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grade_apply_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"grade_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"auditor_id" integer,
	"audit_note" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"audited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "grade_courses" (
	"grade_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grade_courses_grade_id_course_id_pk" PRIMARY KEY("grade_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "grade_students" (
	"grade_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"remark" varchar(40) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grade_students_grade_id_user_id_pk" PRIMARY KEY("grade_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "grades" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"teacher_id" integer NOT NULL,
	"grade_name" varchar(40) NOT NULL,
	"intro" varchar(1000) DEFAULT '' NOT NULL,
	"cover_key" varchar(80) DEFAULT '' NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"max_students" integer DEFAULT 200 NOT NULL,
	"student_count" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disbanded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_item_id_exam_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."exam_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_grader_id_users_id_fk" FOREIGN KEY ("grader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempt_events" ADD CONSTRAINT "exam_attempt_events_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_items" ADD CONSTRAINT "exam_items_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_items" ADD CONSTRAINT "exam_items_question_id_exam_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."exam_questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD CONSTRAINT "exam_questions_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_students" ADD CONSTRAINT "exam_students_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_students" ADD CONSTRAINT "exam_students_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_apply_records" ADD CONSTRAINT "grade_apply_records_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_apply_records" ADD CONSTRAINT "grade_apply_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_apply_records" ADD CONSTRAINT "grade_apply_records_auditor_id_users_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_courses" ADD CONSTRAINT "grade_courses_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_courses" ADD CONSTRAINT "grade_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_students" ADD CONSTRAINT "grade_students_grade_id_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_students" ADD CONSTRAINT "grade_students_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_attempt_events_attempt_idx" ON "exam_attempt_events" USING btree ("attempt_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_number_idx" ON "exam_attempts" USING btree ("exam_id","user_id","attempt_no");--> statement-breakpoint
CREATE INDEX "exam_attempts_user_idx" ON "exam_attempts" USING btree ("user_id","exam_id");--> statement-breakpoint
CREATE INDEX "exam_attempts_open_idx" ON "exam_attempts" USING btree ("deadline_at") WHERE "exam_attempts"."status" = 1;--> statement-breakpoint
CREATE INDEX "exam_items_exam_idx" ON "exam_items" USING btree ("exam_id","sort");--> statement-breakpoint
CREATE INDEX "exam_questions_teacher_idx" ON "exam_questions" USING btree ("teacher_id","id");--> statement-breakpoint
CREATE INDEX "exam_students_user_idx" ON "exam_students" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "exams_grade_idx" ON "exams" USING btree ("grade_id","opens_at");--> statement-breakpoint
CREATE INDEX "exams_closing_idx" ON "exams" USING btree ("closes_at");--> statement-breakpoint
CREATE INDEX "grade_apply_records_grade_idx" ON "grade_apply_records" USING btree ("grade_id","status","id");--> statement-breakpoint
CREATE INDEX "grade_apply_records_user_idx" ON "grade_apply_records" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "grade_apply_records_pending_idx" ON "grade_apply_records" USING btree ("grade_id","user_id") WHERE "grade_apply_records"."status" = 0;--> statement-breakpoint
CREATE INDEX "grade_students_user_idx" ON "grade_students" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "grades_teacher_idx" ON "grades" USING btree ("teacher_id","id");--> statement-breakpoint
CREATE INDEX "grades_listing_idx" ON "grades" USING btree ("status","is_public","id");