import { useState } from 'react';
import { Dropdown, Form, Input, TextArea } from 'semantic-ui-react';
import { DialogFormActions, FieldError, ListState, useLoaded, useSubmit, type FieldErrors } from '@rc/shared-utility';
import { createMyDataset, listRegions, updateMyDataset, type DatasetView } from './common-data-api';

type Field = 'name' | 'title' | 'licence' | 'version' | 'regionCode' | 'folder';
const namePattern = /^[a-z0-9][a-z0-9._-]{0,63}$/;

interface Facts {
  title: string;
  description: string;
  licence: string;
  version: string;
}

function checkFacts(facts: Facts): FieldErrors<Field> {
  return {
    title: facts.title.trim() ? undefined : '请输入标题',
    licence: facts.licence.trim() ? undefined : '请输入许可证，例如 CC-BY-4.0',
    version: facts.version.trim() ? undefined : '请输入版本，例如 1.0.0',
  };
}

function FactFields({ facts, setFacts, errors }: { facts: Facts; setFacts: (facts: Facts) => void; errors: FieldErrors<Field> }) {
  return (
    <>
      <Form.Field error={Boolean(errors.title)}>
        <label>标题</label>
        <Input value={facts.title} maxLength={120} onChange={(_, data) => setFacts({ ...facts, title: data.value })} />
        <FieldError message={errors.title} />
      </Form.Field>
      <Form.Field>
        <label>描述</label>
        <TextArea
          rows={3}
          value={facts.description}
          maxLength={2000}
          onChange={(_, data) => setFacts({ ...facts, description: String(data.value) })}
        />
      </Form.Field>
      <Form.Group widths="equal">
        <Form.Field error={Boolean(errors.licence)}>
          <label>许可证</label>
          <Input value={facts.licence} maxLength={60} onChange={(_, data) => setFacts({ ...facts, licence: data.value })} />
          <FieldError message={errors.licence} />
        </Form.Field>
        <Form.Field error={Boolean(errors.version)}>
          <label>版本</label>
          <Input value={facts.version} maxLength={32} onChange={(_, data) => setFacts({ ...facts, version: data.value })} />
          <FieldError message={errors.version} />
        </Form.Field>
      </Form.Group>
    </>
  );
}

/** 创建数据集: from a folder of my network disk; the files are copied and checked by a task. */
export function CreateDatasetForm({ close, onDone }: { close: () => void; onDone: () => void }) {
  const regions = useLoaded(listRegions);
  const [name, setName] = useState('');
  const [regionCode, setRegionCode] = useState('');
  const [folder, setFolder] = useState('');
  const [facts, setFacts] = useState<Facts>({ title: '', description: '', licence: 'CC-BY-4.0', version: '1.0.0' });
  const { busy, errors, submit } = useSubmit<Field>();
  return (
    <ListState source={regions} isEmpty={(list) => list.length === 0} empty="暂无可用地区">
      {(list) => (
        <Form
          onSubmit={() =>
            void submit({
              check: () => ({
                ...checkFacts(facts),
                name: namePattern.test(name) ? undefined : '名称只能包含小写字母、数字、点、下划线或短横线，以字母或数字开头',
                regionCode: regionCode ? undefined : '请选择网盘地区',
                folder: folder.trim() ? undefined : '请输入网盘中的文件夹',
              }),
              call: () =>
                createMyDataset({ ...facts, name, regionCode, folder: folder.trim().replace(/^\/+|\/+$/g, ''), title: facts.title.trim() }),
              then: () => {
                close();
                onDone();
              },
            })
          }
        >
          <Form.Field error={Boolean(errors.name)}>
            <label>名称（挂载目录名）</label>
            <Input value={name} placeholder="例如 my-corpus" maxLength={64} onChange={(_, data) => setName(data.value)} />
            <FieldError message={errors.name} />
          </Form.Field>
          <Form.Group widths="equal">
            <Form.Field error={Boolean(errors.regionCode)}>
              <label>网盘地区</label>
              <Dropdown
                selection
                placeholder="选择地区"
                value={regionCode}
                options={list.map((region) => ({ key: region.regionCode, value: region.regionCode, text: region.regionName }))}
                onChange={(_, data) => setRegionCode(String(data.value))}
              />
              <FieldError message={errors.regionCode} />
            </Form.Field>
            <Form.Field error={Boolean(errors.folder)}>
              <label>网盘文件夹</label>
              <Input value={folder} placeholder="例如 datasets/corpus" maxLength={1024} onChange={(_, data) => setFolder(data.value)} />
              <FieldError message={errors.folder} />
            </Form.Field>
          </Form.Group>
          <FactFields facts={facts} setFacts={setFacts} errors={errors} />
          <DialogFormActions close={close} busy={busy} submitText="创建" />
        </Form>
      )}
    </ListState>
  );
}

export function EditDatasetForm({ dataset, close, onDone }: { dataset: DatasetView; close: () => void; onDone: () => void }) {
  const [facts, setFacts] = useState<Facts>({
    title: dataset.title,
    description: dataset.description,
    licence: dataset.licence,
    version: dataset.version,
  });
  const { busy, errors, submit } = useSubmit<Field>();
  return (
    <Form
      onSubmit={() =>
        void submit({
          check: () => checkFacts(facts),
          call: () => updateMyDataset({ id: dataset.id, ...facts, title: facts.title.trim() }),
          then: () => {
            close();
            onDone();
          },
        })
      }
    >
      <FactFields facts={facts} setFacts={setFacts} errors={errors} />
      <DialogFormActions close={close} busy={busy} submitText="保存" />
    </Form>
  );
}
