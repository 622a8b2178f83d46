CREATE TABLE "catalog"."price_insights" (
	"car_id" uuid PRIMARY KEY NOT NULL,
	"model_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"band" text NOT NULL,
	"price" bigint NOT NULL,
	"expected_low" bigint,
	"expected_high" bigint,
	"median" bigint,
	"comparables" integer NOT NULL,
	"basis" text NOT NULL,
	"prices" jsonb NOT NULL,
	"fingerprint" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "price_insights_model_idx" ON "catalog"."price_insights" USING btree ("model_id");