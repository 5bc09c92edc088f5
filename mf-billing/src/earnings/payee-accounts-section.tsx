import { useState } from 'react';
import { Button, Form, Icon, Input, Table } from 'semantic-ui-react';
import {
  dialogs,
  DialogFormActions,
  FieldError,
  ListState,
  PageSection,
  runAction,
  SmsCodeButton,
  useSubmit,
  type Loaded,
} from '@rc/shared-utility';
import {
  deletePayeeAccount,
  payeeAccountName,
  savePayeeAccount,
  updatePayeeAccount,
  type PayeeAccount,
  type PayeeAccountSaveBody,
} from './earnings-api';

type Field = 'account' | 'bankName' | 'code';

/** 卡信息: a payee account in the real-name holder's name, confirmed with a code sent to the account's bound mobile. */
function PayeeAccountForm({
  payee,
  realName,
  close,
  onDone,
}: {
  payee?: PayeeAccount;
  realName: string;
  close: () => void;
  onDone: () => void;
}) {
  const [channel, setChannel] = useState<PayeeAccountSaveBody['channel']>(payee?.channel === 'bank' ? 'bank' : 'alipay');
  const [account, setAccount] = useState('');
  const [bankName, setBankName] = useState(payee?.bankName ?? '');
  const [code, setCode] = useState('');
  const { busy, errors, submit } = useSubmit<Field>();
  const check = () => ({
    account: account.trim() ? undefined : channel === 'alipay' ? '请输入支付宝账号' : '请输入银行卡号',
    bankName: channel === 'bank' && !bankName.trim() ? '请输入开户银行' : undefined,
    code: /^\d{6}$/.test(code.trim()) ? undefined : '请输入6位验证码',
  });
  const body = (): PayeeAccountSaveBody => ({ channel, account: account.trim(), bankName: bankName.trim(), code: code.trim() });
  return (
    <Form
      className="rc-payee-form"
      onSubmit={() =>
        void submit({
          check,
          call: () => (payee ? updatePayeeAccount({ id: payee.id, ...body() }) : savePayeeAccount(body())),
          then: () => {
            close();
            onDone();
          },
        })
      }
    >
      <Form.Group inline>
        <label>收款方式</label>
        <Form.Radio label="支付宝" checked={channel === 'alipay'} onChange={() => setChannel('alipay')} />
        <Form.Radio label="银行卡" checked={channel === 'bank'} onChange={() => setChannel('bank')} />
      </Form.Group>
      <Form.Field required error={Boolean(errors.account)}>
        <label>{channel === 'alipay' ? '支付宝账号（手机号或邮箱）' : '银行卡号'}</label>
        <Input
          name="account"
          value={account}
          maxLength={40}
          placeholder={payee ? `原账号 ${payee.accountMasked}，请输入完整的新账号` : undefined}
          onChange={(_, data) => setAccount(data.value)}
        />
        <FieldError message={errors.account} />
      </Form.Field>
      {channel === 'bank' ? (
        <Form.Field required error={Boolean(errors.bankName)}>
          <label>开户银行</label>
          <Input name="bankName" value={bankName} maxLength={60} onChange={(_, data) => setBankName(data.value)} />
          <FieldError message={errors.bankName} />
        </Form.Field>
      ) : null}
      <Form.Input label="收款人（实名认证姓名）" value={realName} readOnly />
      <Form.Field required error={Boolean(errors.code)}>
        <label>验证码（发送至本账号绑定的手机）</label>
        <Input name="code" value={code} maxLength={6} onChange={(_, data) => setCode(data.value)} action={<SmsCodeButton type="payee" />} />
        <FieldError message={errors.code} />
      </Form.Field>
      <DialogFormActions close={close} busy={busy} submitText={payee ? '保存' : '添加'} />
    </Form>
  );
}

/** The saved payee accounts, masked, with adding, changing (both need the bound mobile's code) and removing. */
export function PayeeAccountsSection({ accounts, realName }: { accounts: Loaded<{ list: PayeeAccount[] }>; realName: string | null }) {
  const openForm = (payee?: PayeeAccount) =>
    dialogs.open({
      title: payee ? '修改收款账户' : '添加收款账户',
      width: 520,
      content: (close) => <PayeeAccountForm payee={payee} realName={realName!} close={close} onDone={() => void accounts.reload()} />,
    });
  const remove = async (payee: PayeeAccount) => {
    if (
      await dialogs.confirm({
        title: '删除收款账户',
        content: `删除「${payeeAccountName(payee)}」？已提交的提现不受影响。`,
        confirmText: '删除',
        danger: true,
      })
    )
      await runAction(() => deletePayeeAccount(payee.id), { then: () => accounts.reload() });
  };
  return (
    <PageSection
      title="卡信息"
      className="rc-payee-accounts"
      actions={
        realName === null ? null : (
          <Button primary className="rc-add-payee" onClick={() => openForm()}>
            <Icon name="plus" />
            添加收款账户
          </Button>
        )
      }
    >
      <ListState source={accounts} isEmpty={(data) => data.list.length === 0} empty="还没有收款账户，添加后即可申请提现。">
        {(data) => (
          <Table compact className="rc-payee-table">
            <Table.Header>
              <Table.Row>
                {['收款方式', '收款账号', '收款人', '操作'].map((h) => (
                  <Table.HeaderCell key={h}>{h}</Table.HeaderCell>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.list.map((payee) => (
                <Table.Row key={payee.id} className="rc-payee-row">
                  <Table.Cell>{payee.channel === 'alipay' ? '支付宝' : `银行卡（${payee.bankName}）`}</Table.Cell>
                  <Table.Cell className="rc-amount">{payee.accountMasked}</Table.Cell>
                  <Table.Cell>{payee.payeeName}</Table.Cell>
                  <Table.Cell collapsing>
                    {realName === null ? null : <Button size="mini" basic content="修改" onClick={() => openForm(payee)} />}
                    <Button size="mini" basic color="red" content="删除" onClick={() => void remove(payee)} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </ListState>
    </PageSection>
  );
}
