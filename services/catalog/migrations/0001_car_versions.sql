CREATE TABLE "catalog"."car_versions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL
);
