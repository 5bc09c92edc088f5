import { useState } from 'react';
import { Button, Checkbox, Form } from 'semantic-ui-react';
import { IntegerInput, useSubmit } from '@rc/shared-utility';
import { instanceCalls } from './instance-api';
import type { InstanceView } from './instance-types';

/** 闲置自动关机: on or off, after how many minutes, below which GPU utilisation; says what it will do before saving. */
export function IdleStopForm({ instance, onDone }: { instance: InstanceView; onDone: () => void }) {
  const [on, setOn] = useState(instance.idleStop.minutes !== null);
  const [minutes, setMinutes] = useState(instance.idleStop.minutes ?? 30);
  const [percent, setPercent] = useState(instance.idleStop.percent);
  const { busy, submit } = useSubmit();
  const state = instance.operations.idleStop;
  const noGpu = instance.gpuHeld === 0 && (instance.status === 1 || instance.status === 2);
  const save = () => void submit({ call: () => instanceCalls.setIdleStop(instance.id, on ? minutes : null, percent), then: onDone });
  return (
    <Form className="rc-idle-stop-form">
      <Form.Field>
        <Checkbox
          toggle
          label="开启闲置自动关机"
          checked={on}
          onChange={(_, data) => setOn(Boolean(data.checked))}
          className="rc-idle-stop-toggle"
        />
      </Form.Field>
      <Form.Group inline>
        <UnitField
          label="GPU 利用率连续"
          unit="分钟"
          value={minutes}
          min={10}
          max={1440}
          onChange={setMinutes}
          disabled={!on}
          name="minutes"
        />
        <UnitField label="低于" unit="%" value={percent} min={1} max={50} onChange={setPercent} disabled={!on} name="percent" />
      </Form.Group>
      <p className="rc-idle-stop-effect">
        {on
          ? `开启后：实例持有GPU运行时，若 GPU 利用率连续 ${minutes} 分钟低于 ${percent}%，将自动关机（与手动关机相同：停止计费，数据保留${instance.billingType === 1 ? '，GPU 释放给其他用户' : ''}），并发送站内消息。开机后的前 ${minutes} 分钟不会触发。`
          : '未开启：实例不会因闲置而自动关机。'}
      </p>
      {noGpu ? (
        <p className="rc-idle-stop-no-gpu">当前为无卡模式运行（未占用GPU），闲置自动关机不适用；以GPU开机后按上述设置生效。</p>
      ) : null}
      {state.allowed ? null : <p className="rc-refused-reason">{state.reason}</p>}
      <Button primary type="button" loading={busy} disabled={busy || !state.allowed} onClick={save} className="rc-idle-stop-save">
        保存设置
      </Button>
      <span className="rc-muted rc-idle-stop-saved">
        当前：
        {instance.idleStop.minutes === null
          ? '未开启'
          : `GPU 利用率连续 ${instance.idleStop.minutes} 分钟低于 ${instance.idleStop.percent}% 时关机`}
      </span>
    </Form>
  );
}

interface UnitFieldProps {
  label: string;
  unit: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  disabled: boolean;
  /** Names the input's class, rc-idle-<name>. */
  name: string;
}

function UnitField({ label, unit, name, disabled, ...input }: UnitFieldProps) {
  return (
    <Form.Field disabled={disabled}>
      <label>{label}</label>
      <IntegerInput {...input} label={{ basic: true, content: unit }} labelPosition="right" className={`rc-idle-${name}`} />
    </Form.Field>
  );
}
