import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/index.js';
import { noteUserChange } from '../accounts/index.js';

export interface MeteringBatch {
  /** Instances due in this batch, and those settled. */
  due: number;
  settled: number;
  /** Paying accounts whose balance could not cover their instances' time (left unsettled for the caller). */
  unpaidPayerIds: number[];
}

/**
 * Settles one batch of running pay-as-you-go instances up to `now` in a single statement: each
 * instance's whole seconds × its day rate (remainders carried), one ledger transaction per paying account
 * (its cash to platform revenue; a sub-account sharing its main account's balance is paid by the main
 * account), one bill line per instance linked to it. An account whose balance cannot cover the batch is charged nothing here
 * and reported, so its instances are settled down to zero and stopped one by one. The same
 * guarantees as postTransaction hold: the balance update is conditional and every change an entry.
 */
export async function meterBatch(db: Database, now: Date, batchSize: number, excludePayerIds: number[]): Promise<MeteringBatch> {
  const at = now.toISOString();
  const excluded = excludePayerIds.length
    ? sql`and coalesce(case when u.share_balance then u.parent_id end, i.user_id) <> all(${`{${excludePayerIds.join(',')}}`}::int[])`
    : sql``;
  const rows = await queryRows(
    db,
    sql`
    with due as (
      select i.id, i.user_id, coalesce(case when u.share_balance then u.parent_id end, i.user_id) as payer_id,
             i.name, i.day_rate, i.meter_carry, i.metered_until,
             floor(extract(epoch from (${at}::timestamptz - i.metered_until)))::bigint as secs
      from instances i join users u on u.id = i.user_id
      where i.status = 2 and i.billing_type = 1 and i.metered_until <= ${at}::timestamptz - interval '1 second' ${excluded}
      order by i.id
      limit ${batchSize}
      for update of i skip locked
    ), priced as (
      select id, user_id, payer_id, name, day_rate, metered_until, secs,
             (secs * day_rate + meter_carry) / 86400 as charge,
             (secs * day_rate + meter_carry) % 86400 as carry
      from due
    ), per_user as (
      select payer_id as user_id, sum(charge)::bigint as amount from priced group by payer_id
    ), paid as (
      update users u set balance = u.balance - p.amount
      from per_user p
      where u.id = p.user_id and u.balance >= p.amount
      returning u.id as user_id, u.balance, p.amount, nextval('ledger_transaction_ids') as transaction_id
    ), entries as (
      insert into ledger_entries (transaction_id, account, user_id, amount, balance_after, kind, note, created_at)
      select transaction_id, 'cash', user_id, -amount, balance, 'charge', '实例按量计费', ${at}::timestamptz from paid where amount > 0
      returning id, user_id
    ), earned as (
      insert into ledger_entries (transaction_id, account, user_id, amount, balance_after, kind, note, created_at)
      select transaction_id, 'revenue', null, amount, null, 'charge', '实例按量计费', ${at}::timestamptz from paid where amount > 0
      returning 1
    ), billed as (
      insert into bills (user_id, instance_id, ledger_entry_id, kind, amount, seconds, day_rate, period_start, period_end, note, created_at)
      select pr.user_id, pr.id, e.id, 'usage', pr.charge, pr.secs, pr.day_rate, pr.metered_until,
             pr.metered_until + pr.secs * interval '1 second', '实例「' || pr.name || '」按量计费', ${at}::timestamptz
      from priced pr join entries e on e.user_id = pr.payer_id
      where pr.charge > 0
      returning 1
    ), advanced as (
      update instances i
      set metered_until = pr.metered_until + pr.secs * interval '1 second', meter_carry = pr.carry
      from priced pr join paid on paid.user_id = pr.payer_id
      where i.id = pr.id
      returning 1
    )
    select (select count(*) from due)::int as due, (select count(*) from advanced)::int as settled,
           (select coalesce(array_agg(user_id), '{}') from per_user where user_id not in (select user_id from paid)) as unpaid,
           (select coalesce(array_agg(user_id), '{}') from paid where amount > 0) as paid,
           (select count(*) from billed)::int as billed, (select count(*) from earned)::int as earned
  `,
  );
  const [row] = rows as [{ due: number; settled: number; unpaid: number[] | string; paid: number[] | string }];
  for (const payerId of parseIntArray(row.paid)) noteUserChange(payerId, 'balance');
  return { due: Number(row.due), settled: Number(row.settled), unpaidPayerIds: parseIntArray(row.unpaid) };
}

/** node-postgres parses int[] into numbers; PGlite may hand back the text form. */
function parseIntArray(value: number[] | string): number[] {
  if (Array.isArray(value)) return value.map(Number);
  return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}
