CREATE TABLE "tool_saves" (
	"space_id" uuid NOT NULL,
	"tool" text NOT NULL,
	"save_id" text NOT NULL,
	"content_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"content_metadata" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_saves_pkey" PRIMARY KEY("space_id","tool","save_id")
);
--> statement-breakpoint
ALTER TABLE "tool_saves" ADD CONSTRAINT "tool_saves_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_saves_created_at_idx" ON "tool_saves" USING btree ("created_at");