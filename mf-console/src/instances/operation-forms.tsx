import { useEffect, useState, type ReactNode } from 'react';
import { Button, Dropdown, Form, Input, Message } from 'semantic-ui-react';
import { api, formatMoney, formatDateTime, DialogFormActions } from '@rc/shared-utility';
import { runOperation } from './instance-api';
import { billingOptions, type ImageView, type InstanceView } from './instance-types';

interface FormProps {
  instance: InstanceView;
  close: () => void;
  onDone: () => void;
}

interface Quote {
  amount: number;
  hourAmount: number;
  discountAmount: number;
  days: number;
}

const durationOptions = Array.from({ length: 12 }, (_, index) => ({ key: index + 1, value: index + 1, text: `${index + 1}` }));
const unitOf: Record<number, string> = { 2: '天', 3: '周', 4: '月' };

function usePriceQuote(instance: InstanceView, billingType: number, duration: number, dataDiskExtraGb = instance.dataDiskExtraGb) {
  const [quote, setQuote] = useState<Quote | null>(null);
  useEffect(() => {
    let live = true;
    void api
      .post<Quote>('/user/auth/order/price/preview', { regionCode: instance.regionCode, gpuModelId: instance.gpuModelId, gpuCount: Math.max(instance.gpuCount, 1), billingType, duration, dataDiskExtraGb }, { errorTip: false })
      .then((result) => live && setQuote(result.code === 200 ? result.data : null));
    return () => {
      live = false;
    };
  }, [instance, billingType, duration, dataDiskExtraGb]);
  return quote;
}

function useSubmit(close: () => void, onDone: () => void) {
  const [busy, setBusy] = useState(false);
  return {
    busy,
    submit: async (call: () => Promise<{ code: number }>) => {
      setBusy(true);
      const result = await call();
      setBusy(false);
      if (result.code === 200) {
        close();
        onDone();
      }
    },
  };
}

export function LiftConfigForm({ instance, close, onDone }: FormProps) {
  const [gpuCount, setGpuCount] = useState(instance.gpuCount);
  const { busy, submit } = useSubmit(close, onDone);
  return (
    <Form className="rc-lift-config-form">
      <p>
        当前配置：{instance.deviceName} × {instance.gpuCount}，所在主机 {instance.nodeName} 当前空闲 <b>{instance.nodeGpuFree}</b> 张GPU。新配置在开机时分配GPU，空闲不足时开机会提示。
      </p>
      <Form.Field>
        <label>GPU数量</label>
        <Dropdown selection options={durationOptions.slice(0, 8).map((o) => ({ ...o, text: `${o.value} 卡`, 'data-count': o.value }))} value={gpuCount} onChange={(_, data) => setGpuCount(Number(data.value))} className="rc-gpu-count" />
      </Form.Field>
      <DialogFormActions close={close} busy={busy} submitText="确认变更" onSubmit={() => void submit(() => runOperation('/user/auth/user/instance/lift/config', { id: instance.id, gpuCount }))} />
    </Form>
  );
}

export function ChangeBillingForm({ instance, close, onDone }: FormProps) {
  const isPackage = instance.billingType !== 1;
  const [billingType, setBillingType] = useState(isPackage ? 1 : 2);
  const [duration, setDuration] = useState(1);
  const quote = usePriceQuote(instance, billingType, duration);
  const { busy, submit } = useSubmit(close, onDone);
  return (
    <Form>
      <p>当前计费方式：{instance.billingName}{isPackage ? `，到期时间 ${formatDateTime(instance.packageExpiresAt)}` : ''}</p>
      {isPackage ? (
        <Message info content="转为按量计费后，未使用的包周期时长按天折算退回余额；关机状态下GPU将被释放。" />
      ) : (
        <>
          <Form.Field>
            <label>转为</label>
            <Dropdown selection options={billingOptions.filter((o) => o.value !== 1)} value={billingType} onChange={(_, data) => setBillingType(Number(data.value))} />
          </Form.Field>
          <Form.Field>
            <label>时长（{unitOf[billingType]}）</label>
            <Dropdown selection options={durationOptions} value={duration} onChange={(_, data) => setDuration(Number(data.value))} />
          </Form.Field>
          {quote ? (
            <p>
              应付 <b className="rc-price">¥{formatMoney(quote.amount)}</b>，比按量计费节省 ¥{formatMoney(quote.discountAmount)}
            </p>
          ) : null}
        </>
      )}
      <DialogFormActions close={close} busy={busy} submitText="确认转换" onSubmit={() => void submit(() => runOperation('/user/auth/user/instance/change/billing', { id: instance.id, billingType, duration }))} />
    </Form>
  );
}

export function RenewForm({ instance, close, onDone }: FormProps) {
  const [duration, setDuration] = useState(1);
  const quote = usePriceQuote(instance, instance.billingType, duration);
  const { busy, submit } = useSubmit(close, onDone);
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
          应付 <b className="rc-price">¥{formatMoney(quote.amount)}</b>
        </p>
      ) : null}
      <DialogFormActions close={close} busy={busy} submitText="确认续费" onSubmit={() => void submit(() => runOperation('/user/auth/user/instance/renew', { id: instance.id, duration }))} />
    </Form>
  );
}

export function StorageForm({ instance, close, onDone }: FormProps) {
  const [extra, setExtra] = useState(instance.dataDiskExtraGb);
  const { busy, submit } = useSubmit(close, onDone);
  const base = instance.dataDiskGb - instance.dataDiskExtraGb;
  return (
    <Form>
      <p>
        数据盘当前 {instance.dataDiskGb} GB（免费 {base} GB + 扩容 {instance.dataDiskExtraGb} GB）。扩容部分 ¥0.007/GB/天：按量计费随开机时长计费，包周期实例按剩余天数一次付清。数据盘只能扩容，不能缩容。
      </p>
      <Form.Field>
        <label>扩容容量（GB，不含免费 {base} GB）</label>
        <Input type="number" min={instance.dataDiskExtraGb} max={2000} value={extra} onChange={(_, data) => setExtra(Math.max(0, Math.floor(Number(data.value) || 0)))} />
      </Form.Field>
      <DialogFormActions close={close} busy={busy} submitText="确认扩容" onSubmit={() => void submit(() => runOperation('/user/auth/user/storage/adjust', { id: instance.id, dataDiskExtraGb: extra }))} />
    </Form>
  );
}

function TextForm({ label, initial, submitText, onSubmit, close, children }: { label: string; initial: string; submitText: string; onSubmit: (value: string) => Promise<void>; close: () => void; children?: ReactNode }) {
  const [value, setValue] = useState(initial);
  const [busy, setBusy] = useState(false);
  return (
    <Form>
      {children}
      <Form.Field>
        <label>{label}</label>
        <Input value={value} maxLength={60} onChange={(_, data) => setValue(data.value)} />
      </Form.Field>
      <DialogFormActions
        close={close}
        busy={busy}
        submitText={submitText}
        onSubmit={() => {
          setBusy(true);
          void onSubmit(value.trim()).finally(() => setBusy(false));
        }}
      />
    </Form>
  );
}

export function RenameForm({ instance, close, onDone }: FormProps) {
  return (
    <TextForm
      label="实例名称"
      initial={instance.name}
      submitText="保存"
      close={close}
      onSubmit={async (name) => {
        if ((await runOperation('/container/auth/changeName', { id: instance.id, name }, 'put')).code === 200) {
          close();
          onDone();
        }
      }}
    />
  );
}

export function CommitForm({ instance, close, onDone }: FormProps) {
  return (
    <TextForm
      label="镜像名称"
      initial={`${instance.name}-镜像`}
      submitText="保存镜像"
      close={close}
      onSubmit={async (imageName) => {
        if ((await runOperation('/container/auth/commit', { id: instance.id, imageName }, 'put')).code === 200) {
          close();
          onDone();
        }
      }}
    >
      <p>将系统盘保存为私有镜像（数据盘不包含在镜像中），保存期间实例不可操作。</p>
    </TextForm>
  );
}

export function ChangeImageForm({ instance, close, onDone }: FormProps) {
  const [images, setImages] = useState<ImageView[]>([]);
  const [imageId, setImageId] = useState(instance.imageId);
  const { busy, submit } = useSubmit(close, onDone);
  useEffect(() => {
    void Promise.all([api.get<ImageView[]>('/image/auth/allSys'), api.post<{ list: ImageView[] }>('/image/auth/private/page', { pageSize: 100 })]).then(([system, own]) => {
      setImages([...(system.code === 200 ? system.data : []), ...(own.code === 200 ? own.data.list.filter((image) => image.status === 1) : [])]);
    });
  }, []);
  return (
    <Form>
      <Message warning content="更换镜像会重置系统盘，系统盘上的数据将被清除；数据盘不受影响。" />
      <Form.Field>
        <label>镜像</label>
        <Dropdown selection search options={images.map((image) => ({ key: image.id, value: image.id, text: image.name, description: `Python ${image.python} / CUDA ${image.cuda}` }))} value={imageId} onChange={(_, data) => setImageId(Number(data.value))} />
      </Form.Field>
      <DialogFormActions close={close} busy={busy} submitText="更换镜像" onSubmit={() => void submit(() => runOperation('/container/auth/changeImage', { id: instance.id, imageId }, 'put'))} />
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
  const { busy, submit } = useSubmit(close, onDone);
  const schedule = (value: number) => void submit(() => runOperation('/user/auth/user/instance/schedule/stop', { id: instance.id, minutes: value }));
  return (
    <Form>
      <p>到时自动关机，避免忘记关机产生费用；关机后数据保留。{instance.stopAt ? `当前已设置：${formatDateTime(instance.stopAt)} 关机。` : ''}</p>
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
