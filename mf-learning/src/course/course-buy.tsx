import type { MoneyQuote } from '@rc/api-contract/user/quote';
import { $balance, VoucherChoice, dialogs, formatYuan, refreshCounters, runAction, useVoucherRequote } from '@rc/shared-utility';
import { quoteCourse, signUp, type CourseDetail } from './course-api';

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
 * The purchase dialog's figures: the price, 「代金券抵扣 ¥x」 with the 课程 voucher the quote picked (the learner may pick
 * another or none, which quotes again), and the balance before and after. Each new quote is handed to `onQuote`.
 */
function CourseQuote({ courseId, first, onQuote }: { courseId: number; first: MoneyQuote; onQuote: (quote: MoneyQuote) => void }) {
  const { quote, choose } = useVoucherRequote(first, (voucherId) => quoteCourse(courseId, voucherId), onQuote);
  return (
    <div className="rc-course-quote" data-balance-after={quote.balanceAfter}>
      {priceLines([['课程价格', formatYuan(quote.amount)]])}
      <VoucherChoice voucher={quote.voucher} vouchers={quote.vouchers} onChoose={choose} />
      {priceLines([
        ['当前余额', formatYuan(quote.balance)],
        ['支付后余额', formatYuan(quote.balanceAfter)],
      ])}
      {quote.enough ? null : <p className="rc-course-quote-short">余额不足，请先充值或换用代金券</p>}
    </div>
  );
}

/**
 * 立即报名 joins a free course at once; 立即购买 shows the server's quote (price, the voucher it takes off, the balance
 * before and after) and pays with it once confirmed — or, when the balance is short, offers the recharge page. Resolves
 * true when the learner is now enrolled.
 */
export async function buyCourse(course: CourseDetail, navigate: (url: string) => void): Promise<boolean> {
  if (course.isFree) return (await runAction(() => signUp(course.id, 0))).code === 200;
  await refreshCounters();
  const quoted = await runAction(() => quoteCourse(course.id), { success: false });
  if (quoted.code !== 200) return false;
  let quote = quoted.data;
  if (!quote.enough) {
    const recharge = await dialogs.confirm({
      title: '余额不足',
      content: priceLines([
        ['课程价格', formatYuan(quote.amount)],
        ...(quote.voucher ? [['代金券抵扣', formatYuan(quote.voucher.amount)] as [string, string]] : []),
        ['当前余额', formatYuan(quote.balance)],
        ['还需充值', formatYuan(-quote.balanceAfter)],
      ]),
      confirmText: '去充值',
    });
    if (recharge) navigate('/account/recharge');
    return false;
  }
  const sure = await dialogs.confirm({
    title: `购买课程「${course.courseName}」`,
    content: <CourseQuote courseId={course.id} first={quote} onQuote={(next) => (quote = next)} />,
    // With vouchers to choose from, what is paid may change after the dialog opens: the figures above say it.
    confirmText: quote.vouchers.length ? '确认支付' : `确认支付 ${formatYuan(quote.amount)}`,
  });
  if (!sure || !quote.enough) return false;
  const bought = await runAction(() => signUp(course.id, quote.amount, quote.quoteToken), { then: (data) => $balance.set(data.balance) });
  return bought.code === 200;
}
