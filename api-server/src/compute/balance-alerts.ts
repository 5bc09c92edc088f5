import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Database, queryRows } from '../db/index.js';
import { notify } from '../accounts/index.js';
import { yuanText } from '../billing/index.js';

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

/**
 * The user's own low-balance threshold (余额预警): once the balance falls below it, a message and an SMS,
 * once per crossing; rising back to the threshold re-arms it. Answers how many users were alerted.
 */
export async function alertBelowThresholds(app: FastifyInstance): Promise<number> {
  const now = app.clock.now();
  await app.db.execute(sql`
    update balance_thresholds t set alerted_at = null from users u
    where u.id = t.user_id and t.alerted_at is not null and u.balance >= t.threshold
  `);
  const crossed = await queryRows<{ user_id: number; mobile: string; balance: string; threshold: string }>(
    app.db,
    sql`
    update balance_thresholds t set alerted_at = ${now.toISOString()}::timestamptz from users u
    where u.id = t.user_id and t.alerted_at is null and u.balance < t.threshold
    returning t.user_id, u.mobile, u.balance, t.threshold
  `,
  );
  for (const row of crossed) {
    const text = `您的账户余额 ¥${yuanText(Number(row.balance))} 已低于预警值 ¥${yuanText(Number(row.threshold))}，为避免实例因欠费关机，请及时充值。`;
    await notify(app.db, row.user_id, '余额低于预警值', text, now);
    await app.sms.send({ mobile: row.mobile, code: '', type: 'notice', text: `【算力云】${text}`, sentAt: now.toISOString() });
  }
  return crossed.length;
}
