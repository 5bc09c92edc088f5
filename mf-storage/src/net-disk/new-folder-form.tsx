import { useState } from 'react';
import { Form, Input } from 'semantic-ui-react';
import { DialogFormActions, FieldError, runAction } from '@rc/shared-utility';
import { folderNameProblem } from '../files/files-api';
import { makeFolder } from './net-disk-api';

/** Creates a folder in the network disk's current folder; a name that exists is refused by the server with a message. */
export function NewFolderForm({
  regionCode,
  parent,
  close,
  onCreated,
}: {
  regionCode: string;
  parent: string;
  close: () => void;
  onCreated: () => void;
}) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Form
      className="rc-new-folder-form"
      onSubmit={async () => {
        const found = folderNameProblem(name);
        setProblem(found);
        if (found) return;
        setBusy(true);
        const result = await runAction(() => makeFolder(regionCode, parent, name.trim()), { then: onCreated });
        setBusy(false);
        if (result.code === 200) close();
        else setProblem(result.msg);
      }}
    >
      <Form.Field error={Boolean(problem)}>
        <label>文件夹名称</label>
        <Input autoFocus value={name} maxLength={255} onChange={(_, data) => setName(data.value)} />
        <FieldError message={problem ?? undefined} />
      </Form.Field>
      <DialogFormActions close={close} submitText="创建" busy={busy} />
    </Form>
  );
}
