ALTER TABLE "listings" ADD COLUMN "based_on_estimate" bigint;--> statement-breakpoint
ALTER TABLE "recommendation_sets" ADD COLUMN "based_on_estimate" bigint;