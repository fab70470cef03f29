CREATE TABLE "provider_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"request" text NOT NULL,
	"status" integer NOT NULL,
	"body" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"street" text NOT NULL,
	"street_normalized" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"bedrooms" integer,
	"bathrooms" numeric(4, 2),
	"living_sqft" integer,
	"lot_sqft" bigint,
	"year_built" integer,
	"property_type" text,
	"sale_price" bigint NOT NULL,
	"sale_date" date NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_imports" (
	"source" text PRIMARY KEY NOT NULL,
	"content_sha256" text NOT NULL,
	"imported_rows" integer NOT NULL,
	"skipped_rows" integer NOT NULL,
	"skipped_reasons" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "provider_cache_expires_idx" ON "provider_cache" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sales_street_zip_idx" ON "sales" USING btree ("street_normalized","zip");--> statement-breakpoint
CREATE INDEX "sales_source_idx" ON "sales" USING btree ("source");