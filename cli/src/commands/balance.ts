import type { RealtimeBalance } from '@rc/api-contract/user/profile';
import type { Command } from '../command.js';
import { formatYuan } from '../output.js';

export const balance: Command = {
  help: `用法：suanli balance

查看账户余额（子账号共享主账号余额时为主账号余额）。金额在 JSON 中以千分之一元为单位。

选项：
  --json       以 JSON 输出 { balance }
  -h, --help   显示帮助`,
  async run(_parsed, context) {
    const { balance } = await context.api().get<RealtimeBalance>('/user/auth/user/ext/get/realtime/balance');
    return { json: { balance }, text: `余额：${formatYuan(balance)}` };
  },
};
