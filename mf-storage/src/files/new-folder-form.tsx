import { useState } from 'react';
import { Form, Input, Message } from 'semantic-ui-react';
import { DialogFormActions } from '@rc/shared-utility';
import { folderNameProblem } from './files-api';

/** Asks for a folder name; the folder exists once a file is uploaded into it. */
export function NewFolderForm({ close, onCreate }: { close: () => void; onCreate: (name: string) => void }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Form
      error={Boolean(problem)}
      onSubmit={() => {
        const found = folderNameProblem(name);
        setProblem(found);
        if (found) return;
        onCreate(name.trim());
        close();
      }}
    >
      <Form.Field>
        <label>文件夹名称</label>
        <Input autoFocus value={name} maxLength={255} onChange={(_, data) => setName(data.value)} />
      </Form.Field>
      <Message error content={problem} />
      <p className="rc-muted">新文件夹在上传第一个文件后保存。</p>
      <DialogFormActions close={close} submitText="创建并进入" />
    </Form>
  );
}
