import { useState } from 'react';
import { Form, Input } from 'semantic-ui-react';
import { DialogFormActions, FieldError } from '@rc/shared-utility';
import { folderNameProblem } from './files-api';

/** Asks for a folder name; the folder exists once a file is uploaded into it. */
export function NewFolderForm({ close, onCreate }: { close: () => void; onCreate: (name: string) => void }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Form
      onSubmit={() => {
        const found = folderNameProblem(name);
        setProblem(found);
        if (found) return;
        onCreate(name.trim());
        close();
      }}
    >
      <Form.Field error={Boolean(problem)}>
        <label>文件夹名称</label>
        <Input autoFocus value={name} maxLength={255} onChange={(_, data) => setName(data.value)} />
        <FieldError message={problem ?? undefined} />
      </Form.Field>
      <p className="rc-muted">新文件夹在上传第一个文件后保存。</p>
      <DialogFormActions close={close} submitText="创建并进入" />
    </Form>
  );
}
