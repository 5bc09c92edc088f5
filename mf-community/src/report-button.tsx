import { useState } from 'react';
import { Button, Form, Modal } from 'semantic-ui-react';
import { api, useSubmit } from '@rc/shared-utility';
import type { ReportKind } from '@rc/api-contract/community/report';

const reasonLimit = 200;

const report = (body: { kind: ReportKind; refId: number; reason: string }) => api.post<{ id: number }>('/community/auth/report/save', body);

/** 举报: asks for a reason, then sends the report (the server takes one per user and thing). */
export function ReportButton({ kind, refId }: { kind: ReportKind; refId: number }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const { busy, errors, submit } = useSubmit<'reason'>();
  const close = () => {
    setOpen(false);
    setReason('');
  };
  return (
    <>
      <Button basic size="mini" icon="flag outline" content="举报" className="rc-report-button" onClick={() => setOpen(true)} />
      {open ? (
        <Modal open size="tiny" onClose={close}>
          <Modal.Header>举报</Modal.Header>
          <Modal.Content>
            <Form>
              <Form.TextArea
                label="举报原因"
                name="reason"
                placeholder="请说明违规之处，运营人员审核后处理"
                value={reason}
                maxLength={reasonLimit}
                error={errors.reason}
                onChange={(_, data) => setReason(String(data.value ?? ''))}
              />
            </Form>
          </Modal.Content>
          <Modal.Actions>
            <Button content="取消" onClick={close} />
            <Button
              negative
              loading={busy}
              disabled={busy}
              content="提交举报"
              onClick={() =>
                void submit({
                  check: () => ({ reason: reason.trim() ? undefined : '请填写举报原因' }),
                  call: () => report({ kind, refId, reason: reason.trim() }),
                  then: close,
                })
              }
            />
          </Modal.Actions>
        </Modal>
      ) : null}
    </>
  );
}
