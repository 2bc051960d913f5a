-- Remembered save ids predate the member and body they are bound to now; they live 24 h only.
DELETE FROM "tool_saves";--> statement-breakpoint
ALTER TABLE "tool_saves" ADD COLUMN "user_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "tool_saves" ADD COLUMN "body_sha256" text NOT NULL;--> statement-breakpoint
ALTER TABLE "tool_saves" DROP CONSTRAINT "tool_saves_pkey";
--> statement-breakpoint
ALTER TABLE "tool_saves" ADD CONSTRAINT "tool_saves_pkey" PRIMARY KEY("space_id","tool","user_id","save_id");