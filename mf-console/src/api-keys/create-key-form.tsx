import { useState } from 'react';
import { Button, Form, Input, Message } from 'semantic-ui-react';
import { bus, copyText, useSubmit, DialogFormActions, FieldError } from '@rc/shared-utility';
import { createApiKey, type ApiKeyCreated, type ApiKeyExpiry, type ApiKeyScope } from './api-keys-api';
import { expiryNames, scopeNames } from './api-key-names';

const scopeHints: Record<ApiKeyScope, string> = {
  read: '查看实例、存储、账单等信息，不能做任何改动',
  instance: '租用、开机、关机、释放实例，管理镜像与 SSH 公钥',
  storage: '上传、下载、管理网盘与文件存储中的文件',
  billing: '查看余额与账单，充值，开发票',
};

/** The key, shown this once, with its copy button and the warning that it cannot be shown again. */
function CreatedKey({ created, close }: { created: ApiKeyCreated; close: () => void }) {
  const copy = async () => {
    if (await copyText(created.key)) bus.emit('toast', { type: 'success', message: '密钥已复制' });
  };
  return (
    <div className="rc-api-key-created">
      <Message warning>
        <Message.Header>请立即复制并妥善保存此密钥</Message.Header>
        <p>密钥只显示这一次，关闭后无法再次查看。遗失后请吊销它并创建新的密钥；不要把密钥交给他人或写进公开的代码。</p>
      </Message>
      <div className="rc-api-key-line">
        <code className="rc-api-key-full">{created.key}</code>
        <Button icon="copy outline" basic size="small" className="rc-copy-api-key" aria-label="复制密钥" onClick={() => void copy()} />
      </div>
      <div className="rc-dialog-form-actions">
        <Button primary className="rc-api-key-saved" onClick={close}>
          我已保存密钥
        </Button>
      </div>
    </div>
  );
}

/** 创建密钥: a name, at least one scope and an expiry; on success the dialog turns into the one view of the key. */
export function CreateKeyForm({ close, onCreated }: { close: () => void; onCreated: () => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [expiry, setExpiry] = useState<ApiKeyExpiry>('90d');
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const { busy, errors, submit } = useSubmit<'name' | 'scopes'>();
  if (created) return <CreatedKey created={created} close={close} />;

  const toggle = (scope: ApiKeyScope, on: boolean) => setScopes(on ? [...scopes, scope] : scopes.filter((other) => other !== scope));
  return (
    <Form
      className="rc-api-key-form"
      onSubmit={() =>
        void submit({
          check: () => ({
            name: name.trim() ? undefined : '请填写密钥名称',
            scopes: scopes.length > 0 ? undefined : '请至少选择一项权限',
          }),
          call: () => createApiKey({ name: name.trim(), scopes, expiry }),
          then: (data) => {
            setCreated(data);
            onCreated();
          },
        })
      }
    >
      <Form.Field required>
        <label>名称</label>
        <Input value={name} maxLength={40} placeholder="例如：训练脚本、CI 流水线" onChange={(_, data) => setName(data.value)} />
        <FieldError message={errors.name} />
      </Form.Field>
      <Form.Field required>
        <label>权限范围</label>
        {(Object.keys(scopeNames) as ApiKeyScope[]).map((scope) => (
          <Form.Checkbox
            key={scope}
            name={`scope-${scope}`}
            label={`${scopeNames[scope]}：${scopeHints[scope]}`}
            checked={scopes.includes(scope)}
            onChange={(_, data) => toggle(scope, Boolean(data.checked))}
          />
        ))}
        <FieldError message={errors.scopes} />
        <p className="rc-muted">账号、密码、实名与子账号设置，以及密钥管理本身，只能在网页登录后操作，任何密钥都不能调用。</p>
      </Form.Field>
      <Form.Group inline>
        <label>有效期</label>
        {(Object.keys(expiryNames) as ApiKeyExpiry[]).map((value) => (
          <Form.Radio
            key={value}
            name="expiry"
            label={expiryNames[value]}
            value={value}
            checked={expiry === value}
            onChange={() => setExpiry(value)}
          />
        ))}
      </Form.Group>
      <DialogFormActions close={close} busy={busy} submitText="创建" />
    </Form>
  );
}
