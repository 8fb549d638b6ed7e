CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_setting" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
