CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"payload" jsonb NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"bedrooms" integer NOT NULL,
	"bathrooms" numeric(4, 1) NOT NULL,
	"square_footage" integer NOT NULL,
	"year_built" integer,
	"property_type" text DEFAULT 'single_family' NOT NULL,
	"additional_info" text,
	"estimated_value" bigint,
	"estimated_value_low" bigint,
	"estimated_value_high" bigint,
	"lot_size" bigint,
	"latitude" double precision,
	"longitude" double precision,
	"place_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "outbox" USING btree ("created_at") WHERE published_at is null;--> statement-breakpoint
CREATE INDEX "properties_user_archived_created_idx" ON "properties" USING btree ("user_id","archived_at","created_at" DESC NULLS LAST);