import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Button, Form, Input, Label, Message } from 'semantic-ui-react';
import { $userInfo, dialogs, PageHeader, PageSection, refreshUserInfo, runAction, useSubmit, type ScreenProps } from '@rc/shared-utility';
import { cancelCertification, certify } from './personal-api';

/** `/account/realAuth`: real-name verification with name and ID card number, or its cancellation. */
export function RealAuthPage({ navigate }: ScreenProps) {
  const userInfo = useStore($userInfo);
  const [realName, setRealName] = useState('');
  const [idCard, setIdCard] = useState('');
  const { busy, submit } = useSubmit();
  useEffect(() => {
    void refreshUserInfo();
  }, []);
  const verified = userInfo?.idCardCheckStatus === 1;

  const cancel = async () => {
    if (
      !(await dialogs.confirm({
        title: '取消实名认证',
        content: '取消后需重新认证才能租用算力与提现。',
        danger: true,
        confirmText: '取消认证',
      }))
    )
      return;
    await runAction(cancelCertification, { then: refreshUserInfo });
  };

  return (
    <PageSection className="rc-real-auth">
      <PageHeader>
        <Label color={verified ? 'green' : 'orange'}>{verified ? '已实名' : '未实名'}</Label>
      </PageHeader>
      {verified ? (
        <>
          <Message positive header="实名认证已通过" content="你的账户已完成实名认证，可使用全部功能。" />
          <Button basic onClick={() => void cancel()}>
            取消实名认证
          </Button>
        </>
      ) : (
        <Form
          onSubmit={() => void submit({ call: () => certify(realName.trim(), idCard.trim()), then: refreshUserInfo })}
          className="rc-narrow-form"
        >
          <Form.Field required>
            <label>真实姓名</label>
            <Input value={realName} maxLength={20} onChange={(_, data) => setRealName(data.value)} placeholder="与身份证一致" />
          </Form.Field>
          <Form.Field required>
            <label>身份证号</label>
            <Input value={idCard} maxLength={18} onChange={(_, data) => setIdCard(data.value)} placeholder="18位身份证号码" />
          </Form.Field>
          <Button primary type="submit" loading={busy} disabled={busy}>
            提交认证
          </Button>
        </Form>
      )}
      <Message className="rc-credential-link" size="small">
        <Message.Content>
          需要人工审核时，请上传身份证人像面与国徽面图片。
          <Button basic size="mini" icon="upload" content="上传证件图片" onClick={() => navigate('/account/realAuth/credential')} />
        </Message.Content>
      </Message>
    </PageSection>
  );
}
