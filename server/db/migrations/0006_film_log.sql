CREATE TABLE "rating" (
	"user_id" text NOT NULL,
	"movie_id" integer NOT NULL,
	"value" integer,
	"edited_at" bigint NOT NULL,
	"sent_edited_at" bigint NOT NULL,
	"server_seq" bigint NOT NULL,
	CONSTRAINT "rating_user_id_movie_id_pk" PRIMARY KEY("user_id","movie_id")
);
--> statement-breakpoint
-- A viewing is one jsonb value: the server checks it on the way in and hands it back whole,
-- never reads inside it, and a deleted one is null; its fields can grow without a migration.
CREATE TABLE "viewing" (
	"user_id" text NOT NULL,
	"viewing_id" text NOT NULL,
	"present" boolean NOT NULL,
	"edited_at" bigint NOT NULL,
	"sent_edited_at" bigint NOT NULL,
	"viewing" jsonb,
	"server_seq" bigint NOT NULL,
	CONSTRAINT "viewing_user_id_viewing_id_pk" PRIMARY KEY("user_id","viewing_id")
);
--> statement-breakpoint
ALTER TABLE "rating" ADD CONSTRAINT "rating_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing" ADD CONSTRAINT "viewing_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rating_user_seq_idx" ON "rating" USING btree ("user_id","server_seq");--> statement-breakpoint
CREATE INDEX "viewing_user_seq_idx" ON "viewing" USING btree ("user_id","server_seq");