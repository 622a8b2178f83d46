ALTER TABLE "catalog"."car_docs" ADD COLUMN "ownership" text;--> statement-breakpoint
UPDATE "catalog"."car_docs" SET "ownership" = "doc"->'specifications'->>'ownership';--> statement-breakpoint
CREATE INDEX "car_docs_model_idx" ON "catalog"."car_docs" USING btree ("model_id");
