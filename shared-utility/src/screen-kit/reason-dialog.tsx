import { useState, type ReactNode } from 'react';
import { Button, Form, Modal } from 'semantic-ui-react';
import type { ApiResult } from '../api-client';
import { useSubmit } from './run-action';

export interface ReasonDialogProps {
  header: ReactNode;
  /** What the action does, above the field. */
  children?: ReactNode;
  label: string;
  placeholder?: string;
  maxLength: number;
  /** The shortest reason taken (1 unless told), and what the field says below it when shorter. */
  minLength?: number;
  tooShort: string;
  /** The confirming button's text: 驳回 unless told. */
  confirm?: string;
  send: (reason: string) => Promise<ApiResult<unknown>>;
  /** `changed` is whether the reason was sent (the caller reloads what it shows). */
  close: (changed: boolean) => void;
}

/** Asks for a reason (驳回, 下架, 举报…) and sends it; the dialog stays open with the server's refusal until it is taken. */
export function ReasonDialog({
  header,
  children,
  label,
  placeholder,
  maxLength,
  minLength = 1,
  tooShort,
  confirm = '驳回',
  send,
  close,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const { busy, errors, submit } = useSubmit<'reason'>();
  return (
    <Modal open size="tiny" onClose={() => close(false)} className="rc-reason-dialog">
      <Modal.Header>{header}</Modal.Header>
      <Modal.Content>
        {children ? <p>{children}</p> : null}
        <Form>
          <Form.TextArea
            label={label}
            name="reason"
            className="rc-reason-input"
            placeholder={placeholder}
            value={reason}
            maxLength={maxLength}
            error={errors.reason}
            onChange={(_, data) => setReason(String(data.value ?? ''))}
          />
        </Form>
      </Modal.Content>
      <Modal.Actions>
        <Button content="取消" onClick={() => close(false)} />
        <Button
          negative
          loading={busy}
          disabled={busy}
          content={confirm}
          className="rc-reason-confirm"
          onClick={() =>
            void submit({
              check: () => ({ reason: reason.trim().length >= minLength ? undefined : tooShort }),
              call: () => send(reason.trim()),
              then: () => close(true),
            })
          }
        />
      </Modal.Actions>
    </Modal>
  );
}
