-- bill_days (db/schema/compute.ts) kept by a statement trigger on bills: every statement that writes
-- bill lines (billing/charges.ts `charge`, compute/metering.ts's batch) adds its lines' sums in the same
-- transaction. Keys are upserted in key order, so two writers lock shared rows in one order. Then the
-- lines written before the trigger existed are summed once.
CREATE FUNCTION bill_days_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bill_days AS d (user_id, product, day, instance_id, kind, lines, charged, refunded, usage_seconds)
  SELECT user_id, product, (created_at AT TIME ZONE 'Asia/Shanghai')::date, coalesce(instance_id, 0), kind, count(*),
         coalesce(sum(amount) FILTER (WHERE amount > 0), 0), coalesce(-sum(amount) FILTER (WHERE amount < 0), 0),
         coalesce(sum(seconds) FILTER (WHERE kind = 'usage'), 0)
  FROM new_bills
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (user_id, product, day, instance_id, kind) DO UPDATE
  SET lines = d.lines + excluded.lines, charged = d.charged + excluded.charged, refunded = d.refunded + excluded.refunded,
      usage_seconds = d.usage_seconds + excluded.usage_seconds;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER bill_days_add AFTER INSERT ON bills REFERENCING NEW TABLE AS new_bills FOR EACH STATEMENT EXECUTE FUNCTION bill_days_add();--> statement-breakpoint
INSERT INTO bill_days (user_id, product, day, instance_id, kind, lines, charged, refunded, usage_seconds)
SELECT user_id, product, (created_at AT TIME ZONE 'Asia/Shanghai')::date, coalesce(instance_id, 0), kind, count(*),
       coalesce(sum(amount) FILTER (WHERE amount > 0), 0), coalesce(-sum(amount) FILTER (WHERE amount < 0), 0),
       coalesce(sum(seconds) FILTER (WHERE kind = 'usage'), 0)
FROM bills
GROUP BY 1, 2, 3, 4, 5;
