import { useState } from 'react';
import { Form, Modal, TextArea } from 'semantic-ui-react';
import { DialogFormActions, FieldError, useSubmit } from '@rc/shared-utility';
import { applyForAccount, type HpcAccountView } from './hpc-api';

/** 申请开通 (or 重新申请) an HPC account on one cluster: what it is for, for the operator who reviews it. */
export function ApplyDialog({ account, close }: { account: HpcAccountView; close: (applied: boolean) => void }) {
  const [purpose, setPurpose] = useState(account.purpose);
  const { busy, errors, submit } = useSubmit<'purpose'>();
  const send = () =>
    void submit({
      check: () => ({ purpose: purpose.trim().length >= 2 ? undefined : '请填写2-500字的用途说明' }),
      call: () => applyForAccount({ clusterId: account.clusterId, purpose: purpose.trim() }),
      success: '申请已提交，请等待审核',
      then: () => close(true),
    });
  return (
    <Modal open size="tiny" onClose={() => close(false)} className="rc-hpc-apply-dialog">
      <Modal.Header>申请开通超算账号 · {account.clusterName}</Modal.Header>
      <Modal.Content>
        <p className="rc-muted">审核通过后，平台在集群上为你创建账号、家目录与临时工作目录，之后即可上传数据并提交作业。</p>
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <Form.Field error={Boolean(errors.purpose)}>
            <label>用途说明</label>
            <TextArea
              name="purpose"
              className="rc-hpc-purpose"
              placeholder="研究方向与预计用量，如：分子动力学模拟，每月约 2000 核时"
              maxLength={500}
              value={purpose}
              onChange={(_, data) => setPurpose(String(data.value ?? ''))}
            />
            <FieldError message={errors.purpose} />
          </Form.Field>
          <DialogFormActions close={() => close(false)} busy={busy} submitText="提交申请" />
        </Form>
      </Modal.Content>
    </Modal>
  );
}
