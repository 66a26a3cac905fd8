CREATE TABLE "login_throttles" (
	"email" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sessions_valid_from" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_single_admin" ON "users" USING btree ("role") WHERE "users"."role" = 'admin';--> statement-breakpoint
-- The oldest account of an existing installation becomes its administrator.
UPDATE "users" SET "role" = 'admin' WHERE "id" = (SELECT "id" FROM "users" ORDER BY "created_at", "id" LIMIT 1);
