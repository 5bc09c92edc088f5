import { useState } from 'react';
import { Form, Input } from 'semantic-ui-react';
import { DialogFormActions, FieldError, useSubmit } from '@rc/shared-utility';
import { createCloudFolder } from './cloud-disk-api';

/** Spec §5's GPU name rule, which the cloud disk's keys follow. */
const forbidden = /[/\\:*?"<>|（）！]/;
function folderNameProblem(name: string): string | undefined {
  if (!name.trim()) return '请输入文件夹名称';
  if (new TextEncoder().encode(name).length > 255) return '文件夹名称不能超过255字节';
  if (name === '.' || name === '..' || forbidden.test(name) || /[\u0000-\u001f\u007f]/.test(name))
    return '文件名称不能包含特殊中文字符和空格！';
  return undefined;
}

/** Names a new folder in the current prefix and creates it on the server. */
export function CloudFolderForm({
  regionCode,
  prefix,
  close,
  onCreated,
}: {
  regionCode: string;
  prefix: string;
  close: () => void;
  onCreated: () => void;
}) {
  const [name, setName] = useState('');
  const { busy, errors, submit } = useSubmit<'name'>();
  return (
    <Form
      onSubmit={() =>
        void submit({
          check: () => ({ name: folderNameProblem(name) }),
          call: () => createCloudFolder(regionCode, prefix, name.trim()),
          then: () => {
            close();
            onCreated();
          },
        })
      }
    >
      <Form.Field error={Boolean(errors.name)}>
        <label>文件夹名称</label>
        <Input autoFocus value={name} maxLength={255} className="rc-cloud-folder-name" onChange={(_, data) => setName(data.value)} />
        <FieldError message={errors.name} />
      </Form.Field>
      <DialogFormActions close={close} submitText="创建" busy={busy} />
    </Form>
  );
}
