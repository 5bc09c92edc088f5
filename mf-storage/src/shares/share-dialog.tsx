import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Form, Input, Message } from 'semantic-ui-react';
import { copyText, DialogFormActions, dialogs, FieldError, IntegerInput, runAction } from '@rc/shared-utility';
import { createShare, randomShareCode, shareText, shareUrl, type ShareView } from './shares-api';
import './shares.css';

/** What is shared: a file or folder of a storage (its source key and path), or a dataset (its path ''). */
export interface ShareTarget {
  source: string;
  path: string;
  name: string;
}

const expiries = [
  { days: 1, text: '1天' },
  { days: 7, text: '7天' },
  { days: 30, text: '30天' },
  { days: 0, text: '永久有效' },
];

/** The link just made, to copy and send. */
function ShareMade({ share, close }: { share: ShareView; close: () => void }) {
  return (
    <div className="rc-share-made">
      <Message positive size="small" content="分享链接已创建，复制后发给好友即可。" />
      <Form>
        <Form.Field>
          <label>链接</label>
          <Input readOnly value={shareUrl(share.token)} className="rc-share-link" />
        </Form.Field>
        {share.code ? (
          <Form.Field>
            <label>提取码</label>
            <Input readOnly value={share.code} className="rc-share-code" />
          </Form.Field>
        ) : null}
      </Form>
      <div className="rc-dialog-form-actions">
        <Button basic onClick={close}>
          关闭
        </Button>
        <Button primary className="rc-copy-share" onClick={() => void copyText(shareText(share))}>
          {share.code ? '复制链接及提取码' : '复制链接'}
        </Button>
      </div>
    </div>
  );
}

/** An optional setting of the link: a switch, and its input while switched on. */
function ToggledField({
  label,
  className,
  on,
  setOn,
  problem,
  children,
}: {
  label: string;
  className: string;
  on: boolean;
  setOn: (on: boolean) => void;
  problem?: string;
  children: ReactNode;
}) {
  return (
    <Form.Field error={Boolean(problem)}>
      <Checkbox toggle label={label} className={className} checked={on} onChange={(_, data) => setOn(Boolean(data.checked))} />
      {on ? children : null}
      <FieldError message={problem} />
    </Form.Field>
  );
}

function ShareForm({ target, close, onMade }: { target: ShareTarget; close: () => void; onMade: (share: ShareView) => void }) {
  const [expiryDays, setExpiryDays] = useState(7);
  const [withCode, setWithCode] = useState(true);
  const [code, setCode] = useState(randomShareCode);
  const [capped, setCapped] = useState(false);
  const [maxDownloads, setMaxDownloads] = useState(10);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (withCode && !/^[A-Za-z0-9]{4}$/.test(code)) return setProblem('提取码须为4位字母或数字');
    setProblem(null);
    setBusy(true);
    const result = await runAction(() =>
      createShare({
        source: target.source,
        path: target.path,
        expiryDays,
        code: withCode ? code : null,
        maxDownloads: capped ? maxDownloads : null,
      }),
    );
    setBusy(false);
    if (result.code === 200 && result.data) onMade(result.data);
  };
  return (
    <Form className="rc-share-form" onSubmit={() => void submit()}>
      <Form.Field>
        <label>有效期</label>
        <div className="rc-share-expiries" role="radiogroup" aria-label="有效期">
          {expiries.map((expiry) => (
            <Checkbox
              key={expiry.days}
              radio
              label={expiry.text}
              name="expiryDays"
              checked={expiryDays === expiry.days}
              onChange={() => setExpiryDays(expiry.days)}
            />
          ))}
        </div>
      </Form.Field>
      <ToggledField label="使用提取码" className="rc-share-with-code" on={withCode} setOn={setWithCode} problem={problem ?? undefined}>
        <Input
          className="rc-share-code-input"
          aria-label="提取码"
          value={code}
          maxLength={4}
          action={{ type: 'button', basic: true, content: '换一个', onClick: () => setCode(randomShareCode()) }}
          onChange={(_, data) => setCode(data.value)}
        />
      </ToggledField>
      <ToggledField label="限制下载次数" className="rc-share-capped" on={capped} setOn={setCapped}>
        <IntegerInput
          aria-label="下载次数上限"
          min={1}
          max={100_000}
          value={maxDownloads}
          onChange={setMaxDownloads}
          label={{ basic: true, content: '次' }}
          labelPosition="right"
        />
      </ToggledField>
      <DialogFormActions close={close} submitText="创建链接" busy={busy} />
    </Form>
  );
}

function ShareDialog({ target, close }: { target: ShareTarget; close: () => void }) {
  const [made, setMade] = useState<ShareView | null>(null);
  return made ? <ShareMade share={made} close={close} /> : <ShareForm target={target} close={close} onMade={setMade} />;
}

/** Opens the dialog that makes a share link of `target` (every storage screen's 分享 row action). */
export function openShareDialog(target: ShareTarget) {
  dialogs.open({ title: `分享「${target.name}」`, width: 480, content: (close) => <ShareDialog target={target} close={close} /> });
}
