import { sql } from 'drizzle-orm';
import type { Database } from '../db/open-database.js';
import { queryRows } from '../db/query-rows.js';

/**
 * Warns, once, each paying account whose balance will not last an hour of its running
 * pay-as-you-go instances (when it runs out they are stopped), and forgets the warning once the
 * balance lasts an hour again. Answers how many accounts were warned.
 */
export async function warnLowBalances(db: Database, now: Date): Promise<number> {
  const at = now.toISOString();
  const rows = await queryRows<{ told: number }>(
    db,
    sql`
    with spend as (
      select coalesce(case when u.share_balance then u.parent_id end, i.user_id) as payer_id, sum(i.day_rate)::bigint as day_rate
      from instances i join users u on u.id = i.user_id
      where i.status = 2 and i.billing_type = 1 and i.day_rate > 0
      group by 1
    ), low as (
      select s.payer_id, s.day_rate, p.balance from spend s join users p on p.id = s.payer_id where p.balance * 24 < s.day_rate
    ), cleared as (
      delete from balance_alerts a where not exists (select 1 from low where low.payer_id = a.user_id) returning 1
    ), warned as (
      insert into balance_alerts (user_id, warned_at) select payer_id, ${at}::timestamptz from low on conflict do nothing returning user_id
    ), told as (
      insert into messages (user_id, title, content, created_at)
      select l.payer_id, '余额不足1小时',
             '账户余额 ¥' || to_char(l.balance / 1000.0, 'FM9999999990.00') || ' 预计仅够当前运行的按量计费实例使用约 ' ||
             (l.balance * 1440 / l.day_rate) || ' 分钟。余额用完后实例将自动关机（数据保留），请及时充值。',
             ${at}::timestamptz
      from low l join warned w on w.user_id = l.payer_id
      returning 1
    )
    select (select count(*) from told)::int as told, (select count(*) from cleared)::int as cleared
  `,
  );
  return Number(rows[0]!.told);
}
