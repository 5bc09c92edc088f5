import { useState } from 'react';
import { Form, Input } from 'semantic-ui-react';
import { DialogFormActions, FieldError } from '@rc/shared-utility';
import { folderNameProblem } from '../files/files-api';

/** Asks for a new folder's name and makes it; the server's refusal (a name taken) shows under the field. */
export function NewFolderDialog({ close, create }: { close: () => void; create: (name: string) => Promise<string | null> }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Form
      onSubmit={async () => {
        const found = folderNameProblem(name) ?? (await create(name.trim()));
        setProblem(found);
        if (!found) close();
      }}
    >
      <Form.Field error={Boolean(problem)}>
        <label>文件夹名称</label>
        <Input autoFocus value={name} maxLength={255} onChange={(_, data) => setName(data.value)} />
        <FieldError message={problem ?? undefined} />
      </Form.Field>
      <DialogFormActions close={close} submitText="创建" />
    </Form>
  );
}
