import { useEffect, useState, type ReactNode } from 'react';
import { Button, Dropdown, Form, Input, Message } from 'semantic-ui-react';
import { formatDateTime, formatYuan, DialogFormActions, IntegerInput, useSubmit, type ApiResult } from '@rc/shared-utility';
import { afterOperation, imagesToChoose, instanceCalls, quotePrice, type Quote } from './instance-api';
import { billingOptions, type ImageView, type InstanceView } from './instance-types';

interface FormProps {
  instance: InstanceView;
  close: () => void;
  onDone: () => void;
}

const durationOptions = Array.from({ length: 12 }, (_, index) => ({ key: index + 1, value: index + 1, text: `${index + 1}` }));
const unitOf: Record<number, string> = { 2: '天', 3: '周', 4: '月' };

function usePriceQuote(instance: InstanceView, billingType: number, duration: number, dataDiskExtraGb = instance.dataDiskExtraGb) {
  const [quote, setQuote] = useState<Quote | null>(null);
  useEffect(() => {
    let live = true;
    void quotePrice({
      regionCode: instance.regionCode,
      gpuModelId: instance.gpuModelId,
      gpuCount: Math.max(instance.gpuCount, 1),
      billingType,
      duration,
      dataDiskExtraGb,
    }).then((result) => live && setQuote(result.code === 200 ? result.data : null));
    return () => {
      live = false;
    };
  }, [instance, billingType, duration, dataDiskExtraGb]);
  return quote;
}

/** A dialog form's submit: on success the dialog closes and the screen reloads. */
function useOperationSubmit(close: () => void, onDone: () => void) {
  const { busy, submit } = useSubmit();
  return { busy, submit: (call: () => Promise<ApiResult<unknown>>) => void submit({ call, then: afterOperation(close, onDone) }) };
}

export function LiftConfigForm({ instance, close, onDone }: FormProps) {
  const [gpuCount, setGpuCount] = useState(instance.gpuCount);
  const { busy, submit } = useOperationSubmit(close, onDone);
  return (
    <Form className="rc-lift-config-form">
      <p>
        当前配置：{instance.deviceName} × {instance.gpuCount}，所在主机 {instance.nodeName} 当前空闲 <b>{instance.nodeGpuFree}</b>{' '}
        张GPU。新配置在开机时分配GPU，空闲不足时开机会提示。
      </p>
      <Form.Field>
        <label>GPU数量</label>
        <Dropdown
          selection
          options={durationOptions.slice(0, 8).map((o) => ({ ...o, text: `${o.value} 卡`, 'data-count': o.value }))}
          value={gpuCount}
          onChange={(_, data) => setGpuCount(Number(data.value))}
          className="rc-gpu-count"
        />
      </Form.Field>
      <DialogFormActions
        close={close}
        busy={busy}
        submitText="确认变更"
        onSubmit={() => submit(() => instanceCalls.liftConfig(instance.id, gpuCount))}
      />
    </Form>
  );
}

export function ChangeBillingForm({ instance, close, onDone }: FormProps) {
  const isPackage = instance.billingType !== 1;
  const [billingType, setBillingType] = useState(isPackage ? 1 : 2);
  const [duration, setDuration] = useState(1);
  const quote = usePriceQuote(instance, billingType, duration);
  const { busy, submit } = useOperationSubmit(close, onDone);
  return (
    <Form>
      <p>
        当前计费方式：{instance.billingName}
        {isPackage ? `，到期时间 ${formatDateTime(instance.packageExpiresAt)}` : ''}
      </p>
      {isPackage ? (
        <Message info content="转为按量计费后，未使用的包周期时长按天折算退回余额；关机状态下GPU将被释放。" />
      ) : (
        <>
          <Form.Field>
            <label>转为</label>
            <Dropdown
              selection
              options={billingOptions.filter((o) => o.value !== 1)}
              value={billingType}
              onChange={(_, data) => setBillingType(Number(data.value))}
            />
          </Form.Field>
          <Form.Field>
            <label>时长（{unitOf[billingType]}）</label>
            <Dropdown selection options={durationOptions} value={duration} onChange={(_, data) => setDuration(Number(data.value))} />
          </Form.Field>
          {quote ? (
            <p>
              应付 <b className="rc-price">{formatYuan(quote.amount)}</b>，比按量计费节省 {formatYuan(quote.discountAmount)}
            </p>
          ) : null}
        </>
      )}
      <DialogFormActions
        close={close}
        busy={busy}
        submitText="确认转换"
        onSubmit={() => submit(() => instanceCalls.changeBilling(instance.id, billingType, duration))}
      />
    </Form>
  );
}

export function RenewForm({ instance, close, onDone }: FormProps) {
  const [duration, setDuration] = useState(1);
  const quote = usePriceQuote(instance, instance.billingType, duration);
  const { busy, submit } = useOperationSubmit(close, onDone);
  return (
    <Form>
      <p>
        {instance.billingName}，当前到期时间 {formatDateTime(instance.packageExpiresAt)}
      </p>
      <Form.Field>
        <label>续费时长（{unitOf[instance.billingType]}）</label>
        <Dropdown selection options={durationOptions} value={duration} onChange={(_, data) => setDuration(Number(data.value))} />
      </Form.Field>
      {quote ? (
        <p>
          应付 <b className="rc-price">{formatYuan(quote.amount)}</b>
        </p>
      ) : null}
      <DialogFormActions
        close={close}
        busy={busy}
        submitText="确认续费"
        onSubmit={() => submit(() => instanceCalls.renew(instance.id, duration))}
      />
    </Form>
  );
}

export function StorageForm({ instance, close, onDone }: FormProps) {
  const [extra, setExtra] = useState(instance.dataDiskExtraGb);
  const { busy, submit } = useOperationSubmit(close, onDone);
  const base = instance.dataDiskGb - instance.dataDiskExtraGb;
  return (
    <Form>
      <p>
        数据盘当前 {instance.dataDiskGb} GB（免费 {base} GB + 扩容 {instance.dataDiskExtraGb} GB）。扩容部分
        ¥0.007/GB/天：按量计费随开机时长计费，包周期实例按剩余天数一次付清。数据盘只能扩容，不能缩容。
      </p>
      <Form.Field>
        <label>扩容容量（GB，不含免费 {base} GB）</label>
        <IntegerInput min={instance.dataDiskExtraGb} max={2000} value={extra} onChange={setExtra} />
      </Form.Field>
      <DialogFormActions
        close={close}
        busy={busy}
        submitText="确认扩容"
        onSubmit={() => submit(() => instanceCalls.adjustStorage(instance.id, extra))}
      />
    </Form>
  );
}

function TextForm({
  label,
  initial,
  submitText,
  call,
  close,
  onDone,
  children,
}: FormProps & {
  label: string;
  initial: string;
  submitText: string;
  call: (value: string) => Promise<ApiResult<unknown>>;
  children?: ReactNode;
}) {
  const [value, setValue] = useState(initial);
  const { busy, submit } = useOperationSubmit(close, onDone);
  return (
    <Form>
      {children}
      <Form.Field>
        <label>{label}</label>
        <Input value={value} maxLength={60} onChange={(_, data) => setValue(data.value)} />
      </Form.Field>
      <DialogFormActions close={close} busy={busy} submitText={submitText} onSubmit={() => submit(() => call(value.trim()))} />
    </Form>
  );
}

export function RenameForm({ instance, close, onDone }: FormProps) {
  return (
    <TextForm
      instance={instance}
      close={close}
      onDone={onDone}
      label="实例名称"
      initial={instance.name}
      submitText="保存"
      call={(name) => instanceCalls.rename(instance.id, name)}
    />
  );
}

export function CommitForm({ instance, close, onDone }: FormProps) {
  return (
    <TextForm
      instance={instance}
      close={close}
      onDone={onDone}
      label="镜像名称"
      initial={`${instance.name}-镜像`}
      submitText="保存镜像"
      call={(imageName) => instanceCalls.commit(instance.id, imageName)}
    >
      <p>将系统盘保存为私有镜像（数据盘不包含在镜像中），保存期间实例不可操作。</p>
    </TextForm>
  );
}

export function ChangeImageForm({ instance, close, onDone }: FormProps) {
  const [images, setImages] = useState<ImageView[]>([]);
  const [imageId, setImageId] = useState(instance.imageId);
  const { busy, submit } = useOperationSubmit(close, onDone);
  useEffect(() => {
    let live = true;
    void imagesToChoose().then((found) => live && setImages(found));
    return () => {
      live = false;
    };
  }, []);
  return (
    <Form>
      <Message warning content="更换镜像会重置系统盘，系统盘上的数据将被清除；数据盘不受影响。" />
      <Form.Field>
        <label>镜像</label>
        <Dropdown
          selection
          search
          options={images.map((image) => ({
            key: image.id,
            value: image.id,
            text: image.name,
            description: `Python ${image.python} / CUDA ${image.cuda}`,
          }))}
          value={imageId}
          onChange={(_, data) => setImageId(Number(data.value))}
        />
      </Form.Field>
      <DialogFormActions
        close={close}
        busy={busy}
        submitText="更换镜像"
        onSubmit={() => submit(() => instanceCalls.changeImage(instance.id, imageId))}
      />
    </Form>
  );
}

const stopAfter = [
  { key: 30, value: 30, text: '30 分钟后' },
  { key: 60, value: 60, text: '1 小时后' },
  { key: 120, value: 120, text: '2 小时后' },
  { key: 240, value: 240, text: '4 小时后' },
  { key: 480, value: 480, text: '8 小时后' },
  { key: 720, value: 720, text: '12 小时后' },
  { key: 1440, value: 1440, text: '24 小时后' },
];

export function ScheduleStopForm({ instance, close, onDone }: FormProps) {
  const [minutes, setMinutes] = useState(60);
  const { busy, submit } = useOperationSubmit(close, onDone);
  const schedule = (value: number) => submit(() => instanceCalls.scheduleStop(instance.id, value));
  return (
    <Form>
      <p>
        到时自动关机，避免忘记关机产生费用；关机后数据保留。{instance.stopAt ? `当前已设置：${formatDateTime(instance.stopAt)} 关机。` : ''}
      </p>
      <Form.Field>
        <label>关机时间</label>
        <Dropdown selection options={stopAfter} value={minutes} onChange={(_, data) => setMinutes(Number(data.value))} />
      </Form.Field>
      {instance.stopAt ? (
        <Button basic type="button" onClick={() => schedule(0)}>
          取消定时关机
        </Button>
      ) : null}
      <DialogFormActions close={close} busy={busy} submitText="设置" onSubmit={() => schedule(minutes)} />
    </Form>
  );
}
