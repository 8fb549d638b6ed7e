CREATE TABLE "list_entry" (
	"user_id" text NOT NULL,
	"list" text NOT NULL,
	"movie_id" integer NOT NULL,
	"present" boolean NOT NULL,
	"edited_at" bigint NOT NULL,
	"sent_edited_at" bigint NOT NULL,
	"title" text,
	"poster_path" text,
	"release_date" text,
	"vote_average" double precision,
	"added_at" text,
	"server_seq" bigint NOT NULL,
	CONSTRAINT "list_entry_user_id_list_movie_id_pk" PRIMARY KEY("user_id","list","movie_id")
);
--> statement-breakpoint
CREATE TABLE "list_sync" (
	"user_id" text PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"hide_seen" boolean,
	"hide_seen_edited_at" bigint,
	"hide_seen_sent_at" bigint
);
--> statement-breakpoint
ALTER TABLE "list_entry" ADD CONSTRAINT "list_entry_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_sync" ADD CONSTRAINT "list_sync_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "list_entry_user_seq_idx" ON "list_entry" USING btree ("user_id","server_seq");