-- Counters of the per-user and per-client limits (rate-limiter-flexible's layout). UNLOGGED: losing them in a
-- crash only resets the current windows, and they are written on every limited call.
CREATE UNLOGGED TABLE "rate_limit" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
