import type { ComponentType, MouseEvent } from 'react';
import { Button, Dropdown, Popup } from 'semantic-ui-react';
import { bus, dialogs, formatYuan, runAction, type ApiResult } from '@rc/shared-utility';
import { afterOperation, instanceCalls } from './instance-api';
import type { InstanceView, Operation } from './instance-types';
import { stopConfirmText } from './stop-wording';
import {
  ChangeBillingForm,
  ChangeImageForm,
  CloneForm,
  CommitForm,
  LiftConfigForm,
  RenameForm,
  RenewForm,
  ScheduleStopForm,
  StorageForm,
} from './operation-forms';

const forms: Partial<Record<Operation, ComponentType<{ instance: InstanceView; close: () => void; onDone: () => void }>>> = {
  changeBilling: ChangeBillingForm,
  clone: CloneForm,
  liftConfig: LiftConfigForm,
  renew: RenewForm,
  storageAdjust: StorageForm,
  commit: CommitForm,
  changeImage: ChangeImageForm,
  changeName: RenameForm,
  scheduleStop: ScheduleStopForm,
};

/** A start refused for want of GPUs offers what can be done instead: the no-GPU start, or the queue that starts it when a card frees. */
async function startWithGpuFallback(instance: InstanceView, onDone: () => void) {
  const result = await runAction(() => instanceCalls.start(instance.id), { then: afterOperation(onDone) });
  if (result.code === 200) return;
  if (!result.msg.includes('无卡模式')) {
    bus.emit('toast', { type: 'error', message: result.msg });
    return;
  }
  const choice = await new Promise<'noGpu' | 'queue' | null>((resolve) => {
    let answered = false;
    const answer = (value: 'noGpu' | 'queue' | null) => {
      if (answered) return;
      answered = true;
      resolve(value);
      handle.close();
    };
    const handle = dialogs.open({
      title: 'GPU不足，无法开机',
      width: 460,
      content: result.msg,
      actions: [
        { text: '稍后再试', onClick: () => answer(null) },
        { text: '排队等待GPU', onClick: () => answer('queue') },
        { text: '无卡模式开机', primary: true, onClick: () => answer('noGpu') },
      ],
      onClose: () => answer(null),
    });
  });
  if (choice === 'noGpu') await runAction(() => instanceCalls.startWithoutGpu(instance.id), { then: afterOperation(onDone) });
  if (choice === 'queue') await runAction(() => instanceCalls.queueStart(instance.id), { then: afterOperation(onDone) });
}

async function confirmThen(
  o: { title: string; content: string; danger?: boolean; confirmText: string },
  call: () => Promise<ApiResult<unknown>>,
  onDone: () => void,
) {
  if (await dialogs.confirm(o)) await runAction(call, { then: afterOperation(onDone) });
}

export function runInstanceOperation(operation: Operation, instance: InstanceView, onDone: () => void) {
  const form = forms[operation];
  if (form) {
    const Form = form;
    dialogs.open({
      title: `${instance.operations[operation].name}：${instance.name}`,
      width: 520,
      content: (close) => <Form instance={instance} close={close} onDone={onDone} />,
    });
    return;
  }
  const name = `「${instance.name}」`;
  const { id } = instance;
  switch (operation) {
    case 'start':
      return void startWithGpuFallback(instance, onDone);
    case 'nonGpuStart':
      return void confirmThen(
        {
          title: '无卡模式开机',
          content: `实例${name}将以无GPU模式开机（0.5核CPU、2GB内存，${formatYuan(100)}/小时），适合上传下载数据、配置环境。`,
          confirmText: '开机',
        },
        () => instanceCalls.startWithoutGpu(id),
        onDone,
      );
    case 'queueStart':
      return void confirmThen(
        {
          title: '排队等待GPU',
          content: `实例${name}将加入所在主机的GPU排队，有空闲GPU时按排队顺序自动开机并发送站内消息；排队期间不计费，余额不足时会退出排队。`,
          confirmText: '加入排队',
        },
        () => instanceCalls.queueStart(id),
        onDone,
      );
    case 'cancelQueue':
      return void confirmThen(
        { title: '取消排队', content: `确定让实例${name}退出GPU排队？再次排队将排在最后。`, confirmText: '取消排队' },
        () => instanceCalls.cancelQueue(id),
        onDone,
      );
    case 'stop':
      return void confirmThen(
        {
          title: '关机',
          content: stopConfirmText(instance),
          confirmText: '关机',
        },
        () => instanceCalls.stop(id),
        onDone,
      );
    case 'release':
      return void confirmThen(
        {
          title: '释放实例',
          content: `释放后实例${name}的系统盘与数据盘将被永久清除，无法恢复。如需保留环境，请先保存镜像。`,
          danger: true,
          confirmText: '确认释放',
        },
        () => instanceCalls.release(id),
        onDone,
      );
    case 'reset':
      return void confirmThen(
        {
          title: '重置系统',
          content: `重置${name}的系统盘为镜像初始状态，系统盘数据将被清除，数据盘保留。`,
          danger: true,
          confirmText: '重置',
        },
        () => instanceCalls.reset(id),
        onDone,
      );
  }
}

/** The 更多 menu in groups: running, billing and size, system and image. */
const more: readonly (readonly Operation[])[] = [
  ['scheduleStop', 'nonGpuStart', 'queueStart'],
  ['changeBilling', 'renew', 'liftConfig', 'storageAdjust'],
  ['clone', 'reset', 'changeImage', 'commit', 'changeName'],
];

function OperationButton({ operation, instance, onDone }: { operation: Operation; instance: InstanceView; onDone: () => void }) {
  const state = instance.operations[operation];
  const button = (
    <Button
      size="mini"
      basic={operation !== 'start'}
      primary={operation === 'start'}
      negative={operation === 'release'}
      disabled={!state.allowed}
      data-operation={operation}
      onClick={() => runInstanceOperation(operation, instance, onDone)}
    >
      {state.name}
    </Button>
  );
  return state.allowed ? (
    button
  ) : (
    <Popup
      content={state.reason}
      trigger={
        <span className="rc-refused" data-reason={state.reason}>
          {button}
        </span>
      }
    />
  );
}

/** 终端: the instance's web terminal, while it runs. */
function TerminalButton({ instance, navigate }: { instance: InstanceView; navigate: (url: string) => void }) {
  const to = `/account/instanceManage/terminal?id=${instance.id}`;
  if (instance.status === 2)
    return (
      <Button
        size="mini"
        basic
        as="a"
        href={to}
        className="rc-open-terminal"
        onClick={(event: MouseEvent) => {
          if (event.ctrlKey || event.metaKey || event.shiftKey) return;
          event.preventDefault();
          navigate(to);
        }}
      >
        终端
      </Button>
    );
  const reason = '实例未运行，请先开机';
  return (
    <Popup
      content={reason}
      trigger={
        <span className="rc-refused" data-reason={reason}>
          <Button size="mini" basic disabled className="rc-open-terminal">
            终端
          </Button>
        </span>
      }
    />
  );
}

/**
 * One row of actions: 开机 or 关机 (whichever the state allows), 终端, 释放 and 更多 (远程桌面 first where the image has one). A refused
 * operation is disabled and says why on hover; what an allowed one does is said in its confirmation.
 */
export function InstanceActions({
  instance,
  onDone,
  navigate,
}: {
  instance: InstanceView;
  onDone: () => void;
  navigate: (url: string) => void;
}) {
  const power: Operation = instance.gpuWait ? 'cancelQueue' : instance.operations.start.allowed ? 'start' : 'stop';
  return (
    <div className="rc-instance-actions">
      <OperationButton operation={power} instance={instance} onDone={onDone} />
      <TerminalButton instance={instance} navigate={navigate} />
      <OperationButton operation="release" instance={instance} onDone={onDone} />
      <Dropdown text="更多" aria-label="更多操作" button className="mini basic rc-more-operations" direction="left" upward={false}>
        <Dropdown.Menu>
          {instance.desktop ? (
            <>
              <Dropdown.Item className="rc-open-desktop" text="远程桌面" onClick={() => navigate(`/vnc?id=${instance.id}`)} />
              <Dropdown.Divider />
            </>
          ) : null}
          {more.map((group, index) => [
            index > 0 ? <Dropdown.Divider key={`divider-${index}`} /> : null,
            ...group.map((operation) => {
              const state = instance.operations[operation];
              return (
                <Dropdown.Item
                  key={operation}
                  data-operation={operation}
                  disabled={!state.allowed}
                  title={state.allowed ? undefined : state.reason}
                  text={state.name}
                  onClick={state.allowed ? () => runInstanceOperation(operation, instance, onDone) : undefined}
                />
              );
            }),
          ])}
        </Dropdown.Menu>
      </Dropdown>
    </div>
  );
}
