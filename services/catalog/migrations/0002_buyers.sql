CREATE TABLE "catalog"."alerts_sent" (
	"user_id" uuid NOT NULL,
	"car_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alerts_sent_unique" UNIQUE("user_id","car_id","kind","key")
);
--> statement-breakpoint
CREATE TABLE "catalog"."digest_pending" (
	"saved_search_id" uuid NOT NULL,
	"car_id" uuid NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_pending_unique" UNIQUE("saved_search_id","car_id")
);
--> statement-breakpoint
CREATE TABLE "catalog"."digest_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog"."saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"channels" text[] NOT NULL,
	"frequency" text NOT NULL,
	"alerts" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog"."shortlist" (
	"user_id" uuid NOT NULL,
	"car_id" uuid NOT NULL,
	"shortlisted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_price" bigint NOT NULL,
	"snapshot" jsonb NOT NULL,
	"availability" text DEFAULT 'for_sale' NOT NULL,
	"price_alerts" boolean DEFAULT true NOT NULL,
	CONSTRAINT "shortlist_user_id_car_id_pk" PRIMARY KEY("user_id","car_id")
);
--> statement-breakpoint
ALTER TABLE "catalog"."digest_pending" ADD CONSTRAINT "digest_pending_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "catalog"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "digest_pending_car_idx" ON "catalog"."digest_pending" USING btree ("car_id");--> statement-breakpoint
CREATE INDEX "saved_searches_user_newest_idx" ON "catalog"."saved_searches" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "saved_searches_alerting_idx" ON "catalog"."saved_searches" USING btree ("id") WHERE "catalog"."saved_searches"."alerts";--> statement-breakpoint
CREATE INDEX "shortlist_car_idx" ON "catalog"."shortlist" USING btree ("car_id");--> statement-breakpoint
CREATE INDEX "shortlist_user_newest_idx" ON "catalog"."shortlist" USING btree ("user_id","shortlisted_at" DESC NULLS LAST);