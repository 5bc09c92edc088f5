import { useCallback } from 'react';
import { Icon, Message } from 'semantic-ui-react';
import { formatYuan, useLoaded } from '@rc/shared-utility';
import { runningCost } from './bills-api';

/** 「当前运行中：¥x/小时，余额预计可用约 N 小时」 from the running pay-as-you-go instances and the payer's balance. */
export function RunningPanel() {
  const fetch = useCallback(() => runningCost(), []);
  const { data } = useLoaded(fetch);
  if (!data) return null;
  if (data.hoursLeft === null)
    return (
      <Message className="rc-running-panel" size="small">
        <Icon name="clock outline" />
        当前没有运行中的按量计费实例，账户余额 {formatYuan(data.balance)}
        {data.sharedBalance ? '（主账户共享）' : ''}。
      </Message>
    );
  return (
    <Message info className="rc-running-panel" size="small">
      <Icon name="lightning" />
      <span className="rc-running-text">
        当前运行中：{formatYuan(data.hourAmount)}/小时，余额预计可用约 {data.hoursLeft} 小时
      </span>
      <span className="rc-running-note">
        （{data.instances.map((i) => `${i.name} ${formatYuan(i.hourAmount)}/小时`).join('，')}；余额 {formatYuan(data.balance)}
        {data.sharedBalance ? '，使用主账户共享余额' : ''}）
      </span>
    </Message>
  );
}
