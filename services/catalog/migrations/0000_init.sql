CREATE SCHEMA IF NOT EXISTS "catalog";
--> statement-breakpoint
CREATE TABLE "catalog"."brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"founded" integer NOT NULL,
	"website" text,
	"logo_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog"."models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"name" text NOT NULL,
	"year" integer NOT NULL,
	"year_to" integer,
	"body_type" text,
	"fuel_types" text[] NOT NULL,
	"transmissions" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog"."rtos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_id" uuid NOT NULL,
	"city" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rtos_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "catalog"."states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"prefix" text,
	"kind" text DEFAULT 'state' NOT NULL,
	CONSTRAINT "states_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "catalog"."variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"name" text NOT NULL,
	"fuel_type" text NOT NULL,
	"transmission" text NOT NULL,
	"features" text[] NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog"."car_docs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"doc" jsonb NOT NULL,
	"brand_id" uuid NOT NULL,
	"model_id" uuid NOT NULL,
	"variant_id" uuid,
	"fuel_type" text NOT NULL,
	"transmission" text NOT NULL,
	"body_type" text,
	"price" bigint NOT NULL,
	"km_driven" integer NOT NULL,
	"manufacturer_year" integer NOT NULL,
	"city" text,
	"status" text NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog"."models" ADD CONSTRAINT "models_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "catalog"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog"."rtos" ADD CONSTRAINT "rtos_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "catalog"."states"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog"."variants" ADD CONSTRAINT "variants_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "catalog"."models"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog"."variants" ADD CONSTRAINT "variants_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "catalog"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_unique" ON "catalog"."brands" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "models_brand_name_unique" ON "catalog"."models" USING btree ("brand_id",lower("name"));--> statement-breakpoint
CREATE INDEX "rtos_state_idx" ON "catalog"."rtos" USING btree ("state_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "variants_model_name_unique" ON "catalog"."variants" USING btree ("model_id",lower("name"),"fuel_type","transmission");--> statement-breakpoint
CREATE INDEX "car_docs_newest_idx" ON "catalog"."car_docs" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "car_docs_brand_idx" ON "catalog"."car_docs" USING btree ("brand_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "car_docs_price_idx" ON "catalog"."car_docs" USING btree ("price");--> statement-breakpoint
CREATE INDEX "car_docs_km_idx" ON "catalog"."car_docs" USING btree ("km_driven");--> statement-breakpoint
CREATE INDEX "car_docs_year_idx" ON "catalog"."car_docs" USING btree ("manufacturer_year");--> statement-breakpoint
CREATE INDEX "car_docs_fuel_idx" ON "catalog"."car_docs" USING btree ("fuel_type");--> statement-breakpoint
CREATE INDEX "car_docs_body_idx" ON "catalog"."car_docs" USING btree ("body_type");--> statement-breakpoint
CREATE INDEX "car_docs_city_idx" ON "catalog"."car_docs" USING btree (lower("city"));--> statement-breakpoint
CREATE INDEX "car_docs_search_trgm_idx" ON "catalog"."car_docs" USING gin ("search_text" gin_trgm_ops);