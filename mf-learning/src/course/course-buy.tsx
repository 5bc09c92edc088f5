import { $balance, dialogs, formatYuan, refreshCounters, runAction } from '@rc/shared-utility';
import { signUp, type CourseDetail } from './course-api';

function priceLines(lines: Array<[string, string]>) {
  return (
    <dl className="rc-course-buy-lines">
      {lines.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * 立即报名 joins a free course at once; 立即购买 shows the price, the current balance and the balance
 * after paying, and pays from the balance once confirmed — or, when the balance is short, offers the
 * recharge page. Resolves true when the learner is now enrolled.
 */
export async function buyCourse(course: CourseDetail, navigate: (url: string) => void): Promise<boolean> {
  if (course.isFree) return (await runAction(() => signUp(course.id, 0))).code === 200;
  await refreshCounters();
  const balance = $balance.get();
  const after = balance - course.price;
  if (after < 0) {
    const recharge = await dialogs.confirm({
      title: '余额不足',
      content: priceLines([
        ['课程价格', formatYuan(course.price)],
        ['当前余额', formatYuan(balance)],
        ['还需充值', formatYuan(-after)],
      ]),
      confirmText: '去充值',
    });
    if (recharge) navigate('/account/recharge');
    return false;
  }
  const sure = await dialogs.confirm({
    title: `购买课程「${course.courseName}」`,
    content: priceLines([
      ['课程价格', formatYuan(course.price)],
      ['当前余额', formatYuan(balance)],
      ['支付后余额', formatYuan(after)],
    ]),
    confirmText: `确认支付 ${formatYuan(course.price)}`,
  });
  if (!sure) return false;
  const bought = await runAction(() => signUp(course.id, course.price), { then: (data) => $balance.set(data.balance) });
  return bought.code === 200;
}
