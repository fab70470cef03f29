CREATE TABLE "uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"property_id" uuid,
	"max_bytes" bigint NOT NULL,
	"multipart_upload_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "thumbnail_key" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "thumbnail_size" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id","property_id");--> statement-breakpoint
CREATE INDEX "uploads_expires_idx" ON "uploads" USING btree ("expires_at");