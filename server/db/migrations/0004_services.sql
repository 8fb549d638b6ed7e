ALTER TABLE "list_sync" ADD COLUMN "services" jsonb;--> statement-breakpoint
ALTER TABLE "list_sync" ADD COLUMN "services_edited_at" bigint;--> statement-breakpoint
ALTER TABLE "list_sync" ADD COLUMN "services_sent_at" bigint;