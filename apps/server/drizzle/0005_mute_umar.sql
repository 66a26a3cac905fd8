CREATE TABLE "content" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"transcription_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"requested_title" text,
	"language" text NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"target_platforms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"progress_message" text,
	"body" jsonb,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"writer" jsonb,
	"error" text,
	"job_id" uuid,
	"versions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transcriptions" ALTER COLUMN "audio_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "source" text DEFAULT 'audio' NOT NULL;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "writing_voice" text;--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_transcription_id_transcriptions_id_fk" FOREIGN KEY ("transcription_id") REFERENCES "public"."transcriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_user_created_idx" ON "content" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "content_source_type_idx" ON "content" USING btree ("transcription_id","content_type");