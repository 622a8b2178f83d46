-- Issue 20, point 12: a registration number may be on active (status 'used') listings of one seller only.
-- The listing service checks this itself under the same advisory lock (clear 409 message); this trigger is
-- the database's own guarantee against any writer. The number is normalised as cars.reg_number is (a
-- generated column is not computed yet in a BEFORE trigger). Concurrent writers of one number serialise on
-- the transaction-level advisory lock, so the second one sees the first once it commits.
CREATE FUNCTION "listing"."cars_reg_number_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  normalized text := regexp_replace(upper(NEW."specifications" ->> 'regNumber'), '[[:space:]-]+', '', 'g');
BEGIN
  -- Only when a row becomes active with a number: an insert, sold → used, another number or seller (so
  -- rows that predate this rule can still change price or km).
  IF NEW."status" = 'used' AND normalized IS NOT NULL AND (
    TG_OP = 'INSERT'
    OR OLD."status" IS DISTINCT FROM 'used'
    OR OLD."seller_id" IS DISTINCT FROM NEW."seller_id"
    OR regexp_replace(upper(OLD."specifications" ->> 'regNumber'), '[[:space:]-]+', '', 'g') IS DISTINCT FROM normalized
  ) THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('listing.reg:' || normalized, 0));
    IF EXISTS (
      SELECT 1 FROM "listing"."cars" c
      WHERE c."reg_number" = normalized AND c."status" = 'used'
        AND c."seller_id" <> NEW."seller_id" AND c."id" <> NEW."id"
    ) THEN
      RAISE EXCEPTION 'registration number % is on another seller''s active listing', normalized
        USING ERRCODE = 'unique_violation', CONSTRAINT = 'cars_reg_number_other_seller';
    END IF;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "cars_reg_number_guard" BEFORE INSERT OR UPDATE OF "status", "specifications", "seller_id"
  ON "listing"."cars" FOR EACH ROW EXECUTE FUNCTION "listing"."cars_reg_number_guard"();
