CREATE TABLE "audio" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"source" text NOT NULL,
	"file_name" text,
	"file_format" text,
	"mime_type" text,
	"size_bytes" integer,
	"duration_s" real,
	"codec" text,
	"language" text DEFAULT 'en-US' NOT NULL,
	"google_language_code" text,
	"use_whisper_for_english" boolean DEFAULT true NOT NULL,
	"blob_key" text NOT NULL,
	"status" text DEFAULT 'pending_upload' NOT NULL,
	"transcription_status" text DEFAULT 'not_started' NOT NULL,
	"transcription_id" uuid,
	"job_id" uuid,
	"progress" real DEFAULT 0 NOT NULL,
	"progress_message" text,
	"error" text,
	"upload_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transcriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"audio_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"original_text" text NOT NULL,
	"edited_text" text,
	"language" text NOT NULL,
	"confidence" real,
	"provider" text NOT NULL,
	"model" text,
	"segments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"versions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audio" ADD CONSTRAINT "audio_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD CONSTRAINT "transcriptions_audio_id_audio_id_fk" FOREIGN KEY ("audio_id") REFERENCES "public"."audio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD CONSTRAINT "transcriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audio_user_created_idx" ON "audio" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "transcriptions_audio_idx" ON "transcriptions" USING btree ("audio_id");