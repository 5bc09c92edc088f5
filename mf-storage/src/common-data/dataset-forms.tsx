import { useCallback, useState } from 'react';
import { Dropdown, Form, Input } from 'semantic-ui-react';
import { DialogFormActions, FieldError, ListState, useLoaded, useSubmit } from '@rc/shared-utility';
import { copyToNetDisk, listRegions, mountableInstances, mountDataset, type DatasetView } from './common-data-api';

interface FormProps {
  dataset: DatasetView;
  close: () => void;
  onDone?: () => void;
}

/** 复制到网盘: a region whose network disk is activated, and a folder there; the copy runs as a task. */
export function CopyToNetDiskForm({ dataset, close, navigate }: FormProps & { navigate: (url: string) => void }) {
  const regions = useLoaded(listRegions);
  const [regionCode, setRegionCode] = useState('');
  const [folder, setFolder] = useState('');
  const { busy, errors, submit } = useSubmit<'regionCode'>();
  return (
    <ListState source={regions} isEmpty={(list) => list.length === 0} empty="暂无可用地区">
      {(list) => (
        <Form
          onSubmit={() =>
            void submit({
              check: () => ({ regionCode: regionCode ? undefined : '请选择地区' }),
              call: () => copyToNetDisk({ id: dataset.id, regionCode, folder: folder.trim().replace(/^\/+|\/+$/g, '') }),
              then: () => {
                close();
                navigate('/account/download');
              },
            })
          }
        >
          <Form.Field error={Boolean(errors.regionCode)}>
            <label>网盘地区</label>
            <Dropdown
              selection
              placeholder="选择地区"
              className="rc-region-picker"
              value={regionCode}
              options={list.map((region) => ({ key: region.regionCode, value: region.regionCode, text: region.regionName }))}
              onChange={(_, data) => setRegionCode(String(data.value))}
            />
            <FieldError message={errors.regionCode} />
          </Form.Field>
          <Form.Field>
            <label>网盘中的目标文件夹（留空为根目录）</label>
            <Input value={folder} placeholder="例如 data" maxLength={200} onChange={(_, data) => setFolder(data.value)} />
            <small className="rc-muted">
              将复制到「{folder.trim() ? `${folder.trim()}/` : ''}
              {dataset.name}」，可在「我的下载」查看进度。
            </small>
          </Form.Field>
          <DialogFormActions close={close} busy={busy} submitText="开始复制" />
        </Form>
      )}
    </ListState>
  );
}

/** 挂载到实例: one of my running or stopped instances; the dataset appears read-only at /root/public-data/<name>. */
export function MountForm({ dataset, close, onDone }: FormProps) {
  const fetch = useCallback(() => mountableInstances(), []);
  const instances = useLoaded(fetch);
  const [instanceId, setInstanceId] = useState(0);
  const { busy, errors, submit } = useSubmit<'instanceId'>();
  return (
    <ListState source={instances} isEmpty={(list) => list.length === 0} empty="没有运行中或已关机的实例，请先租用实例">
      {(list) => (
        <Form
          onSubmit={() =>
            void submit({
              check: () => ({ instanceId: instanceId ? undefined : '请选择实例' }),
              call: () => mountDataset(dataset.id, instanceId),
              then: () => {
                close();
                onDone?.();
              },
            })
          }
        >
          <Form.Field error={Boolean(errors.instanceId)}>
            <label>实例</label>
            <Dropdown
              selection
              placeholder="选择实例"
              className="rc-instance-picker"
              value={instanceId || ''}
              options={list.map((instance) => ({
                key: instance.id,
                value: instance.id,
                text: `${instance.name}（${instance.statusName} · ${instance.regionName}）`,
              }))}
              onChange={(_, data) => setInstanceId(Number(data.value))}
            />
            <FieldError message={errors.instanceId} />
          </Form.Field>
          <p className="rc-muted">挂载后在实例中以只读方式出现在 /root/public-data/{dataset.name}</p>
          <DialogFormActions close={close} busy={busy} submitText="挂载" />
        </Form>
      )}
    </ListState>
  );
}
