CREATE SCHEMA IF NOT EXISTS "storage";
--> statement-breakpoint
CREATE TABLE "storage"."images" (
	"key" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"format" text,
	"width" integer,
	"height" integer,
	"sizes" integer[],
	"bytes" integer,
	"hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stored_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone
);
