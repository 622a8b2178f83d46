CREATE SCHEMA IF NOT EXISTS "listing";
--> statement-breakpoint
CREATE TABLE "listing"."cars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"brand_name" text NOT NULL,
	"model_id" uuid NOT NULL,
	"model_name" text NOT NULL,
	"variant_id" uuid NOT NULL,
	"variant_name" text NOT NULL,
	"manufacturer_year" integer NOT NULL,
	"condition" text NOT NULL,
	"fuel_type" text NOT NULL,
	"transmission" text NOT NULL,
	"status" text NOT NULL,
	"state_id" uuid NOT NULL,
	"rto_id" uuid NOT NULL,
	"price" bigint NOT NULL,
	"description" text,
	"location" jsonb NOT NULL,
	"specifications" jsonb NOT NULL,
	"history" jsonb NOT NULL,
	"images" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cars_seller_idx" ON "listing"."cars" USING btree ("seller_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "cars_brand_idx" ON "listing"."cars" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "cars_model_idx" ON "listing"."cars" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "cars_variant_idx" ON "listing"."cars" USING btree ("variant_id");