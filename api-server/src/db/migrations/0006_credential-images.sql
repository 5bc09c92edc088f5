CREATE TABLE "id_card_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "id_card_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"side" varchar(8) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"content_type" varchar(40) NOT NULL,
	"size" integer NOT NULL,
	"md5" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "id_card_images_side" CHECK ("id_card_images"."side" in ('front', 'back'))
);
--> statement-breakpoint
ALTER TABLE "id_card_images" ADD CONSTRAINT "id_card_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "id_card_images_user_side_idx" ON "id_card_images" USING btree ("user_id","side");