ALTER TABLE "spaces" ADD COLUMN "name_key" text;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "name_skeleton" text;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "name_keys_version" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_skeleton" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_keys_version" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "spaces_name_fold_key" ON "spaces" USING btree ("name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "spaces_name_skeleton_key" ON "spaces" USING btree ("name_skeleton");--> statement-breakpoint
CREATE INDEX "spaces_name_keys_version_idx" ON "spaces" USING btree ("name_keys_version");--> statement-breakpoint
CREATE UNIQUE INDEX "users_space_username_fold_key" ON "users" USING btree ("space_id","username_key");--> statement-breakpoint
CREATE UNIQUE INDEX "users_space_username_skeleton_key" ON "users" USING btree ("space_id","username_skeleton");