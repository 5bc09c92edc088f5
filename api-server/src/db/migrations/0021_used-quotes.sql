CREATE TABLE "used_quotes" (
	"quote_id" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"used_at" timestamp with time zone NOT NULL
);
