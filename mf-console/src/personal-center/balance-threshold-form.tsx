import { useCallback, useEffect, useState } from 'react';
import { Button, Form } from 'semantic-ui-react';
import { FieldError, formatYuan, parseYuan, useLoaded, useSubmit } from '@rc/shared-utility';
import { balanceThreshold, saveBalanceThreshold } from './personal-center-api';

/** 余额预警: below this balance the user gets a message and an SMS, once each time the balance falls below it. */
export function BalanceThresholdForm() {
  const loaded = useLoaded(useCallback(() => balanceThreshold(), []));
  const [text, setText] = useState('');
  const { busy, errors, submit } = useSubmit<'threshold'>();
  const current = loaded.data?.threshold ?? null;
  useEffect(() => setText(current === null ? '' : (current / 1000).toFixed(2)), [current]);
  const save = (threshold: number | null) => void submit({ call: () => saveBalanceThreshold(threshold), then: () => loaded.reload() });
  return (
    <Form
      className="rc-balance-threshold"
      onSubmit={() =>
        void submit({
          check: () => ({ threshold: parseYuan(text) && parseYuan(text)! > 0 ? undefined : '请输入大于 0 的金额（元，最多两位小数）' }),
          call: () => saveBalanceThreshold(parseYuan(text)),
          then: () => loaded.reload(),
        })
      }
    >
      <p className="rc-muted">
        余额低于预警值时发送站内消息和短信提醒（每次跌破提醒一次，充值回到预警值以上后重新生效），
        {current === null ? '当前未设置。' : `当前预警值 ${formatYuan(current)}。`}
      </p>
      <Form.Group inline>
        <Form.Input name="threshold" placeholder="如 50" label="预警值（元）" value={text} onChange={(_, data) => setText(data.value)} />
        <Button primary type="submit" loading={busy} disabled={busy} content="保存" />
        {current !== null ? <Button basic type="button" disabled={busy} content="关闭预警" onClick={() => save(null)} /> : null}
      </Form.Group>
      <FieldError message={errors.threshold} />
    </Form>
  );
}
