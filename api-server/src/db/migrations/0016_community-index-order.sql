DROP INDEX "blogger_follows_blogger_idx";--> statement-breakpoint
DROP INDEX "community_images_list_idx";--> statement-breakpoint
DROP INDEX "post_collections_user_idx";--> statement-breakpoint
DROP INDEX "posts_latest_idx";--> statement-breakpoint
DROP INDEX "posts_hot_idx";--> statement-breakpoint
DROP INDEX "posts_author_idx";--> statement-breakpoint
DROP INDEX "questions_latest_idx";--> statement-breakpoint
DROP INDEX "questions_hot_idx";--> statement-breakpoint
DROP INDEX "questions_asker_idx";--> statement-breakpoint
CREATE INDEX "blogger_follows_blogger_idx" ON "blogger_follows" USING btree ("blogger_id","created_at");--> statement-breakpoint
CREATE INDEX "community_images_list_idx" ON "community_images" USING btree ("status","star_count","id");--> statement-breakpoint
CREATE INDEX "post_collections_user_idx" ON "post_collections" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "posts_latest_idx" ON "posts" USING btree ("kind","status","published_at","id");--> statement-breakpoint
CREATE INDEX "posts_hot_idx" ON "posts" USING btree ("kind","status","hot_score","id");--> statement-breakpoint
CREATE INDEX "posts_author_idx" ON "posts" USING btree ("author_id","status","id");--> statement-breakpoint
CREATE INDEX "questions_latest_idx" ON "questions" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "questions_hot_idx" ON "questions" USING btree ("status","hot_score","id");--> statement-breakpoint
CREATE INDEX "questions_asker_idx" ON "questions" USING btree ("asker_id","id");