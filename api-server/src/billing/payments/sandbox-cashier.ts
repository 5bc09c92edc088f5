import type { sandboxTrades } from '../../db/index.js';
import { sandboxCashierPath } from './sandbox-provider.js';

type Trade = typeof sandboxTrades.$inferSelect;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const style = `body{margin:0;font-family:"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;background:#f3f5f8;color:#1f2329}
main{max-width:420px;margin:64px auto;background:#fff;border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:32px}
h1{font-size:20px;margin:0 0 4px}.hint{color:#8a8f99;font-size:13px;margin:0 0 24px}
.amount{font-size:36px;font-weight:600;color:#e4393c;margin:8px 0 24px}dl{display:grid;grid-template-columns:88px 1fr;gap:8px;font-size:14px;margin:0 0 28px}
dt{color:#8a8f99}dd{margin:0;word-break:break-all}form{display:inline}button{font-size:15px;padding:10px 22px;border-radius:4px;border:1px solid #d0d3d9;background:#fff;cursor:pointer;margin-right:12px}
button.pay{background:#1677ff;border-color:#1677ff;color:#fff}.state{font-size:15px;margin:0 0 20px}`;

function page(title: string, body: string) {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><style>${style}</style></head><body><main>${body}</main></body></html>`;
}

const stateNames: Record<string, string> = { TRADE_SUCCESS: '该交易已支付', TRADE_CLOSED: '该交易已关闭' };

/** The sandbox cashier: the amount, the order, and 确认支付 / 支付失败 (plain forms, no script, so the portal's CSP holds). */
export function cashierPage(trade: Trade | null): string {
  if (!trade) return page('沙箱收银台', '<h1>沙箱收银台</h1><p class="state">交易不存在</p>');
  const action = `${sandboxCashierPath}/${trade.paymentNo}`;
  const amount = (trade.amount / 1000).toFixed(2);
  const buttons =
    trade.status === 'WAIT_BUYER_PAY'
      ? `<form method="post" action="${action}/confirm"><button class="pay" type="submit">确认支付 ¥${amount}</button></form>` +
        `<form method="post" action="${action}/fail"><button type="submit">支付失败</button></form>`
      : `<p class="state">${stateNames[trade.status] ?? trade.status}</p><a href="${escapeHtml(trade.returnUrl)}">返回商户</a>`;
  return page(
    '沙箱收银台',
    `<h1>沙箱收银台</h1><p class="hint">演示环境：充值通过模拟收银台完成，不会真实扣款。确认后由模拟支付机构向平台发送已签名的支付通知</p>
<div class="amount">¥${amount}</div>
<dl><dt>商品</dt><dd>${escapeHtml(trade.subject)}</dd><dt>商户订单号</dt><dd>${escapeHtml(trade.paymentNo)}</dd><dt>交易号</dt><dd>${escapeHtml(trade.tradeNo)}</dd></dl>
${buttons}`,
  );
}
