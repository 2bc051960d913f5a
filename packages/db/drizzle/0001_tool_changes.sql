CREATE TABLE "tool_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"tool" text NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"operations" jsonb,
	"modified_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_changes_kind_check" CHECK ("tool_changes"."kind" in ('operations', 'replacement')),
	CONSTRAINT "tool_changes_operations_check" CHECK (("tool_changes"."kind" = 'operations') = ("tool_changes"."operations" is not null))
);
--> statement-breakpoint
ALTER TABLE "tool_changes" ADD CONSTRAINT "tool_changes_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tool_changes_space_tool_version_key" ON "tool_changes" USING btree ("space_id","tool","version");