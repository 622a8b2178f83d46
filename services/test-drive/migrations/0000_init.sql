CREATE SCHEMA IF NOT EXISTS "test_drive";
--> statement-breakpoint
CREATE TABLE "test_drive"."cars" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seller_id" uuid NOT NULL,
	"status" text NOT NULL,
	"brand_name" text NOT NULL,
	"model_name" text NOT NULL,
	"variant_name" text NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"version" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_drive"."test_drives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"car_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"appointment_date" date NOT NULL,
	"appointment_time" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "test_drives_car_slot_active_uq" ON "test_drive"."test_drives" USING btree ("car_id","appointment_date","appointment_time") WHERE status IN ('Pending', 'Confirmed');--> statement-breakpoint
CREATE UNIQUE INDEX "test_drives_user_slot_active_uq" ON "test_drive"."test_drives" USING btree ("user_id","appointment_date","appointment_time") WHERE status IN ('Pending', 'Confirmed');--> statement-breakpoint
CREATE INDEX "test_drives_user_idx" ON "test_drive"."test_drives" USING btree ("user_id","appointment_date","appointment_time");--> statement-breakpoint
CREATE INDEX "test_drives_seller_idx" ON "test_drive"."test_drives" USING btree ("seller_id","appointment_date","appointment_time");--> statement-breakpoint
CREATE INDEX "test_drives_car_idx" ON "test_drive"."test_drives" USING btree ("car_id");