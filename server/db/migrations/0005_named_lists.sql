CREATE TABLE "list_share" (
	"token" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"list" text NOT NULL,
	"indexable" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_share_user_list_unique" UNIQUE("user_id","list")
);
--> statement-breakpoint
CREATE TABLE "named_list" (
	"user_id" text NOT NULL,
	"list_id" text NOT NULL,
	"present" boolean NOT NULL,
	"edited_at" bigint NOT NULL,
	"sent_edited_at" bigint NOT NULL,
	"name" text,
	"description" text,
	"ranked" boolean,
	"created_at" text,
	"server_seq" bigint NOT NULL,
	CONSTRAINT "named_list_user_id_list_id_pk" PRIMARY KEY("user_id","list_id")
);
--> statement-breakpoint
ALTER TABLE "list_entry" ADD COLUMN "position" text;--> statement-breakpoint
ALTER TABLE "list_share" ADD CONSTRAINT "list_share_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "named_list" ADD CONSTRAINT "named_list_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "named_list_user_seq_idx" ON "named_list" USING btree ("user_id","server_seq");