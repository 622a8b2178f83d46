CREATE TABLE "listing"."idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"response" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "listing"."cars" ADD COLUMN "reg_number" text GENERATED ALWAYS AS (regexp_replace(upper("specifications" ->> 'regNumber'), '[[:space:]-]+', '', 'g')) STORED;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "listing"."idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "cars_reg_number_active_idx" ON "listing"."cars" USING btree ("reg_number") WHERE "listing"."cars"."status" = 'used';