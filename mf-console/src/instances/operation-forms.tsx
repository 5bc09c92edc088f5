import { useEffect, useState, type ReactNode } from 'react';
import { Button, Dropdown, Form, Input, Message } from 'semantic-ui-react';
import { formatDateTime, DialogFormActions, IntegerInput, useEnumOptions, useSubmit, type ApiResult } from '@rc/shared-utility';
import { afterOperation, imagesToChoose, instanceCalls, quoteOperation, type InstanceQuoteBody } from './instance-api';
import type { ImageView, InstanceView } from './instance-types';
import { QuoteSummary, useQuote } from './quote-summary';
import { isStaleQuote } from './quote-rules';

interface FormProps {
  instance: InstanceView;
  close: () => void;
  onDone: () => void;
}

const durationOptions = Array.from({ length: 12 }, (_, index) => ({ key: index + 1, value: index + 1, text: `${index + 1}` }));
const unitOf: Record<number, string> = { 2: '天', 3: '周', 4: '月' };

/** A dialog form's submit: on success the dialog closes and the screen reloads. */
function useOperationSubmit(close: () => void, onDone: () => void) {
  const { busy, submit } = useSubmit();
  return { busy, submit: (call: () => Promise<ApiResult<unknown>>) => void submit({ call, then: afterOperation(close, onDone) }) };
}

/**
 * An operation that charges or refunds: the server's quote for the form as it is now, shown before
 * the confirm button, and a confirm that sends the quote; a stale quote is quoted again and said so.
 */
function useQuotedOperation(request: InstanceQuoteBody, close: () => void, onDone: () => void) {
  const [voucherId, setVoucherId] = useState<number | undefined>(undefined);
  const { quote, error, refresh } = useQuote(voucherId === undefined ? request : { ...request, voucherId }, quoteOperation);
  const [notice, setNotice] = useState('');
  const { busy, submit } = useOperationSubmit(close, onDone);
  const confirm = (call: (quoteToken: string) => Promise<ApiResult<unknown>>) => {
    if (!quote) return;
    submit(async () => {
      const result = await call(quote.quoteToken);
      if (isStaleQuote(result)) {
        setNotice('价格或余额已变化，已重新报价，请核对金额后再确认');
        refresh();
      }
      return result;
    });
  };
  return { busy, confirm, summary: <QuoteSummary quote={quote} error={error} notice={notice} onVoucher={setVoucherId} /> };
}

export function LiftConfigForm({ instance, close, onDone }: FormProps) {
  const [gpuCount, setGpuCount] = useState(instance.gpuCount);
  const { busy, confirm, summary } = useQuotedOperation({ operation: 'liftConfig', id: instance.id, gpuCount }, close, onDone);
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
      {summary}
      <DialogFormActions
        close={close}
        busy={busy}
        submitText="确认变更"
        onSubmit={() => confirm((quoteToken) => instanceCalls.liftConfig(instance.id, gpuCount, quoteToken))}
      />
    </Form>
  );
}

export function ChangeBillingForm({ instance, close, onDone }: FormProps) {
  const billingOptions = useEnumOptions('BillingTypeEnum');
  const isPackage = instance.billingType !== 1;
  const [billingType, setBillingType] = useState(isPackage ? 1 : 2);
  const [duration, setDuration] = useState(1);
  const { busy, confirm, summary } = useQuotedOperation(
    { operation: 'changeBilling', id: instance.id, billingType, ...(isPackage ? {} : { duration }) },
    close,
    onDone,
  );
  return (
    <Form className="rc-change-billing-form">
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
        </>
      )}
      {summary}
      <DialogFormActions
        close={close}
        busy={busy}
        submitText="确认转换"
        onSubmit={() => confirm((quoteToken) => instanceCalls.changeBilling(instance.id, billingType, duration, quoteToken))}
      />
    </Form>
  );
}

export function RenewForm({ instance, close, onDone }: FormProps) {
  const [duration, setDuration] = useState(1);
  const { busy, confirm, summary } = useQuotedOperation({ operation: 'renew', id: instance.id, duration }, close, onDone);
  return (
    <Form className="rc-renew-form">
      <p>
        {instance.billingName}，当前到期时间 {formatDateTime(instance.packageExpiresAt)}
      </p>
      <Form.Field>
        <label>续费时长（{unitOf[instance.billingType]}）</label>
        <Dropdown selection options={durationOptions} value={duration} onChange={(_, data) => setDuration(Number(data.value))} />
      </Form.Field>
      {summary}
      <DialogFormActions
        close={close}
        busy={busy}
        submitText="确认续费"
        onSubmit={() => confirm((quoteToken) => instanceCalls.renew(instance.id, duration, quoteToken))}
      />
    </Form>
  );
}

export function StorageForm({ instance, close, onDone }: FormProps) {
  const [extra, setExtra] = useState(instance.dataDiskExtraGb);
  const { busy, confirm, summary } = useQuotedOperation(
    { operation: 'storageAdjust', id: instance.id, dataDiskExtraGb: extra },
    close,
    onDone,
  );
  const base = instance.dataDiskGb - instance.dataDiskExtraGb;
  return (
    <Form className="rc-storage-form">
      <p>
        数据盘当前 {instance.dataDiskGb} GB（免费 {base} GB + 扩容 {instance.dataDiskExtraGb} GB）。扩容部分按量计费随开机时长计费，
        包周期实例按剩余天数一次付清。数据盘只能扩容，不能缩容。运行中扩容时，主机支持在线扩容则立即生效，否则在下次开机时生效；关机状态下扩容在下次开机时生效。
      </p>
      <Form.Field>
        <label>扩容容量（GB，不含免费 {base} GB）</label>
        <IntegerInput min={instance.dataDiskExtraGb} max={2000} value={extra} onChange={setExtra} />
      </Form.Field>
      {summary}
      <DialogFormActions
        close={close}
        busy={busy}
        submitText="确认扩容"
        onSubmit={() => confirm((quoteToken) => instanceCalls.adjustStorage(instance.id, extra, quoteToken))}
      />
    </Form>
  );
}

export function CloneForm({ instance, close, onDone }: FormProps) {
  const { busy, confirm, summary } = useQuotedOperation({ operation: 'clone', id: instance.id }, close, onDone);
  return (
    <Form className="rc-clone-form">
      <p>以「{instance.name}」的镜像与配置创建一个新的按量计费实例，开机后按秒计费。</p>
      {summary}
      <DialogFormActions
        close={close}
        busy={busy}
        submitText="克隆"
        onSubmit={() => confirm((quoteToken) => instanceCalls.clone(instance.id, quoteToken))}
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
