CREATE TABLE "infographic_collection_items" (
	"collection_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"image_id" uuid NOT NULL,
	CONSTRAINT "infographic_collection_items_collection_id_position_pk" PRIMARY KEY("collection_id","position")
);
--> statement-breakpoint
CREATE TABLE "infographic_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"target_audience" text NOT NULL,
	"cultural_context" text NOT NULL,
	"cuisine_type" text,
	"content_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "infographic_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"content_id" uuid,
	"transcription_id" uuid,
	"job_id" uuid,
	"set_id" uuid NOT NULL,
	"name" text NOT NULL,
	"variation_index" integer NOT NULL,
	"variation_type" text NOT NULL,
	"variation_name" text NOT NULL,
	"template_id" text NOT NULL,
	"style" text NOT NULL,
	"emphasis" text NOT NULL,
	"best_for" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"content_type" text NOT NULL,
	"audience" text NOT NULL,
	"cultural_context" text NOT NULL,
	"language" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"blob_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"data" jsonb,
	"plan" jsonb,
	"generation_time_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "infographic_images_blob_key_unique" UNIQUE("blob_key")
);
--> statement-breakpoint
CREATE TABLE "infographic_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"content_id" uuid,
	"queue_job_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"current_step" text NOT NULL,
	"completed_variations" integer DEFAULT 0 NOT NULL,
	"total_variations" integer NOT NULL,
	"priority" integer DEFAULT 5 NOT NULL,
	"request" jsonb NOT NULL,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "infographic_saved" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"image_id" uuid NOT NULL,
	"content_id" uuid,
	"transcription_id" uuid,
	"content_type" text NOT NULL,
	"template_id" text,
	"title" text,
	"description" text,
	"style" text,
	"audience" text,
	"cultural_context" text,
	"generated_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "infographic_saved_image_id_unique" UNIQUE("image_id")
);
--> statement-breakpoint
CREATE TABLE "infographic_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"layout_style" text NOT NULL,
	"color_scheme" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_layers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"based_on" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "infographic_collection_items" ADD CONSTRAINT "infographic_collection_items_collection_id_infographic_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."infographic_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infographic_collection_items" ADD CONSTRAINT "infographic_collection_items_image_id_infographic_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."infographic_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infographic_collections" ADD CONSTRAINT "infographic_collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infographic_collections" ADD CONSTRAINT "infographic_collections_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infographic_images" ADD CONSTRAINT "infographic_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infographic_images" ADD CONSTRAINT "infographic_images_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infographic_images" ADD CONSTRAINT "infographic_images_transcription_id_transcriptions_id_fk" FOREIGN KEY ("transcription_id") REFERENCES "public"."transcriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infographic_images" ADD CONSTRAINT "infographic_images_job_id_infographic_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."infographic_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infographic_jobs" ADD CONSTRAINT "infographic_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infographic_jobs" ADD CONSTRAINT "infographic_jobs_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infographic_saved" ADD CONSTRAINT "infographic_saved_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infographic_saved" ADD CONSTRAINT "infographic_saved_image_id_infographic_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."infographic_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infographic_saved" ADD CONSTRAINT "infographic_saved_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infographic_saved" ADD CONSTRAINT "infographic_saved_transcription_id_transcriptions_id_fk" FOREIGN KEY ("transcription_id") REFERENCES "public"."transcriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "infographic_templates" ADD CONSTRAINT "infographic_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "infographic_collection_items_image_idx" ON "infographic_collection_items" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "infographic_collections_user_idx" ON "infographic_collections" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "infographic_images_user_idx" ON "infographic_images" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "infographic_images_content_idx" ON "infographic_images" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "infographic_images_expiry_idx" ON "infographic_images" USING btree ("expires_at") WHERE "infographic_images"."expires_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "infographic_images_set_variation_idx" ON "infographic_images" USING btree ("set_id","variation_index","width","height");--> statement-breakpoint
CREATE INDEX "infographic_jobs_user_idx" ON "infographic_jobs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "infographic_saved_user_idx" ON "infographic_saved" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "infographic_templates_user_name_idx" ON "infographic_templates" USING btree ("user_id",lower("name"));