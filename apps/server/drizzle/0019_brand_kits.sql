CREATE TABLE "brand_kits" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"primary_color" text NOT NULL,
	"secondary_color" text NOT NULL,
	"heading_font" text NOT NULL,
	"footer" text,
	"logo_png" text,
	"logo_width" integer,
	"logo_height" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brand_kits" ADD CONSTRAINT "brand_kits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;