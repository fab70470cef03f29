CREATE TABLE "neighborhood_insights" (
	"location_key" text PRIMARY KEY NOT NULL,
	"insights" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "neighborhood_insights_expires_idx" ON "neighborhood_insights" USING btree ("expires_at");