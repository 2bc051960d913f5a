-- Saves of operations only leave the snapshot at an older version; every stored row holds its own version.
ALTER TABLE "tool_changes" ADD COLUMN "base_version" integer;--> statement-breakpoint
ALTER TABLE "tool_contents" ADD COLUMN "snapshot_version" integer;--> statement-breakpoint
UPDATE "tool_contents" SET "snapshot_version" = "version";--> statement-breakpoint
ALTER TABLE "tool_contents" ALTER COLUMN "snapshot_version" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tool_contents" ADD CONSTRAINT "tool_contents_snapshot_version_check" CHECK ("tool_contents"."snapshot_version" <= "tool_contents"."version");
