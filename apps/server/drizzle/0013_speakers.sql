ALTER TABLE "audio" ADD COLUMN "speakers_requested" integer;--> statement-breakpoint
ALTER TABLE "audio" ADD COLUMN "speakers_status" text DEFAULT 'not_started' NOT NULL;--> statement-breakpoint
ALTER TABLE "audio" ADD COLUMN "speakers_error" text;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "speakers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "diarizer" text;