CREATE TABLE "fx_rates" (
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"rate_per_euro" numeric NOT NULL,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fx_rates_currency_day_pk" PRIMARY KEY("currency","day"),
	CONSTRAINT "fx_rates_currency_code" CHECK ("fx_rates"."currency" ~ '^[A-Z]{3}$' AND "fx_rates"."currency" <> 'EUR'),
	CONSTRAINT "fx_rates_rate_positive" CHECK ("fx_rates"."rate_per_euro" > 0)
);
