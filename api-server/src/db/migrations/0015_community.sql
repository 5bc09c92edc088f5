CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "article_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "article_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"zone_id" integer,
	"name" varchar(30) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blogger_follows" (
	"follower_id" integer NOT NULL,
	"blogger_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blogger_follows_follower_id_blogger_id_pk" PRIMARY KEY("follower_id","blogger_id")
);
--> statement-breakpoint
CREATE TABLE "bloggers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"blog_name" varchar(40) NOT NULL,
	"intro" varchar(300) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_image_stars" (
	"user_id" integer NOT NULL,
	"community_image_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_image_stars_user_id_community_image_id_pk" PRIMARY KEY("user_id","community_image_id")
);
--> statement-breakpoint
CREATE TABLE "community_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "community_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"image_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"title" varchar(60) NOT NULL,
	"summary" varchar(200) DEFAULT '' NOT NULL,
	"description_md" text DEFAULT '' NOT NULL,
	"description_html" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"cuda_version" varchar(16) NOT NULL,
	"ports" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"cover_url" varchar(500) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"review_note" varchar(200) DEFAULT '' NOT NULL,
	"star_count" integer DEFAULT 0 NOT NULL,
	"use_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reporter_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"ref_id" integer NOT NULL,
	"reason" varchar(200) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"handled_by" integer,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_labels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "community_labels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(20) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_labels_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "post_collections" (
	"user_id" integer NOT NULL,
	"post_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_collections_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "post_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "post_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"post_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"parent_id" integer,
	"reply_to_user_id" integer,
	"content" varchar(2000) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_labels" (
	"post_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	CONSTRAINT "post_labels_post_id_label_id_pk" PRIMARY KEY("post_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "post_likes" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"weight" real DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_likes_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" varchar(8) DEFAULT 'blog' NOT NULL,
	"slug" varchar(40),
	"author_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"summary" varchar(300) DEFAULT '' NOT NULL,
	"content_md" text NOT NULL,
	"content_html" text NOT NULL,
	"cover_url" varchar(500) DEFAULT '' NOT NULL,
	"category_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"review_note" varchar(200) DEFAULT '' NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"like_weight" real DEFAULT 0 NOT NULL,
	"collect_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"hot_score" double precision DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "question_answers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "question_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"question_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"parent_id" integer,
	"reply_to_user_id" integer,
	"content_md" text NOT NULL,
	"content_html" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_labels" (
	"question_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	CONSTRAINT "question_labels_question_id_label_id_pk" PRIMARY KEY("question_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "question_records" (
	"user_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_records_user_id_question_id_kind_pk" PRIMARY KEY("user_id","question_id","kind")
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"asker_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"content_md" text NOT NULL,
	"content_html" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"review_note" varchar(200) DEFAULT '' NOT NULL,
	"bounty" bigint DEFAULT 0 NOT NULL,
	"bounty_state" smallint DEFAULT 0 NOT NULL,
	"bounty_expires_at" timestamp with time zone,
	"accepted_answer_id" integer,
	"view_count" integer DEFAULT 0 NOT NULL,
	"answer_count" integer DEFAULT 0 NOT NULL,
	"collect_count" integer DEFAULT 0 NOT NULL,
	"follow_count" integer DEFAULT 0 NOT NULL,
	"hot_score" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_documents" (
	"kind" varchar(16) NOT NULL,
	"ref_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"tokens" "tsvector" NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "search_documents_kind_ref_id_pk" PRIMARY KEY("kind","ref_id")
);
--> statement-breakpoint
ALTER TABLE "article_categories" ADD CONSTRAINT "article_categories_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blogger_follows" ADD CONSTRAINT "blogger_follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blogger_follows" ADD CONSTRAINT "blogger_follows_blogger_id_users_id_fk" FOREIGN KEY ("blogger_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bloggers" ADD CONSTRAINT "bloggers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_image_stars" ADD CONSTRAINT "community_image_stars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_image_stars" ADD CONSTRAINT "community_image_stars_community_image_id_community_images_id_fk" FOREIGN KEY ("community_image_id") REFERENCES "public"."community_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_images" ADD CONSTRAINT "community_images_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_images" ADD CONSTRAINT "community_images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_collections" ADD CONSTRAINT "post_collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_collections" ADD CONSTRAINT "post_collections_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_parent_id_post_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."post_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_reply_to_user_id_users_id_fk" FOREIGN KEY ("reply_to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_labels" ADD CONSTRAINT "post_labels_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_labels" ADD CONSTRAINT "post_labels_label_id_community_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."community_labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_likes" ADD CONSTRAINT "post_likes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_likes" ADD CONSTRAINT "post_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_category_id_article_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."article_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_parent_id_question_answers_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."question_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_reply_to_user_id_users_id_fk" FOREIGN KEY ("reply_to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_labels" ADD CONSTRAINT "question_labels_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_labels" ADD CONSTRAINT "question_labels_label_id_community_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."community_labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_records" ADD CONSTRAINT "question_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_records" ADD CONSTRAINT "question_records_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_asker_id_users_id_fk" FOREIGN KEY ("asker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blogger_follows_blogger_idx" ON "blogger_follows" USING btree ("blogger_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "community_images_image_idx" ON "community_images" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "community_images_list_idx" ON "community_images" USING btree ("status","star_count","id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_reports_once_idx" ON "content_reports" USING btree ("reporter_id","kind","ref_id");--> statement-breakpoint
CREATE INDEX "content_reports_open_idx" ON "content_reports" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "post_collections_user_idx" ON "post_collections" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "post_comments_post_idx" ON "post_comments" USING btree ("post_id","id");--> statement-breakpoint
CREATE INDEX "post_labels_label_idx" ON "post_labels" USING btree ("label_id");--> statement-breakpoint
CREATE INDEX "posts_latest_idx" ON "posts" USING btree ("kind","status","published_at","id");--> statement-breakpoint
CREATE INDEX "posts_hot_idx" ON "posts" USING btree ("kind","status","hot_score","id");--> statement-breakpoint
CREATE INDEX "posts_author_idx" ON "posts" USING btree ("author_id","status","id");--> statement-breakpoint
CREATE INDEX "question_answers_question_idx" ON "question_answers" USING btree ("question_id","parent_id","id");--> statement-breakpoint
CREATE INDEX "question_records_question_idx" ON "question_records" USING btree ("question_id","kind");--> statement-breakpoint
CREATE INDEX "questions_latest_idx" ON "questions" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "questions_hot_idx" ON "questions" USING btree ("status","hot_score","id");--> statement-breakpoint
CREATE INDEX "questions_asker_idx" ON "questions" USING btree ("asker_id","id");--> statement-breakpoint
CREATE INDEX "questions_bounty_idx" ON "questions" USING btree ("bounty_state","bounty_expires_at");--> statement-breakpoint
CREATE INDEX "search_documents_tokens_idx" ON "search_documents" USING gin ("tokens");--> statement-breakpoint
CREATE INDEX "search_documents_title_trgm_idx" ON "search_documents" USING gin ("title" gin_trgm_ops);