CREATE SCHEMA IF NOT EXISTS "notification";
--> statement-breakpoint
CREATE TABLE "notification"."users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text,
	"email" text,
	"phone" text,
	"changed_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
