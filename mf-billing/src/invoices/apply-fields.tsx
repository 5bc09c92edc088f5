import { useCallback, useState } from 'react';
import { Button, Form, Icon, Input, Select } from 'semantic-ui-react';
import { FieldError, useLoaded } from '@rc/shared-utility';
import { listTitles, type InvoiceTitle } from './invoices-api';
import { openTitleForm } from './title-form';

export interface ApplyExtras {
  titleId: number | undefined;
  email: string;
  remark: string;
}

/** The title to invoice to (the default picked first), and where to send the invoice. */
export function useApplyExtras(initial?: Partial<ApplyExtras>) {
  const titles = useLoaded(useCallback(() => listTitles(), []));
  const [chosen, setChosen] = useState<number | undefined>(initial?.titleId);
  const [email, setEmail] = useState(initial?.email ?? '');
  const [remark, setRemark] = useState(initial?.remark ?? '');
  const list: InvoiceTitle[] = titles.data?.list ?? [];
  const titleId = chosen ?? list.find((title) => title.isDefault)?.id ?? list[0]?.id;
  /** Adds a title from the form itself (in a dialog over it) and picks it, so the form keeps what was filled in. */
  const addTitle = () =>
    openTitleForm((saved) => {
      setChosen(saved.id);
      void titles.reload();
    });
  return { titles, list, titleId, setTitleId: setChosen, addTitle, email, setEmail, remark, setRemark };
}

/** The title (or, with none yet, the way to add one right here), the email and the remark; `titleError` under the title. */
export function ApplyFields({ extras, titleError }: { extras: ReturnType<typeof useApplyExtras>; titleError?: string }) {
  const none = extras.titles.data !== undefined && extras.list.length === 0;
  const addButton = (
    <Button type="button" primary={none} basic={!none} size="small" className="rc-add-title" onClick={extras.addTitle}>
      <Icon name="plus" />
      添加发票抬头
    </Button>
  );
  return (
    <>
      {none ? (
        <div className="rc-no-title" role="status">
          <p>
            <Icon name="warning sign" />
            还没有发票抬头：在这里添加一个（个人、企业普票或增值税专用发票），添加后自动选中，已填写的内容不会丢失。
          </p>
          {addButton}
        </div>
      ) : (
        <Form.Field required className="rc-title-field">
          <label>发票抬头</label>
          <div className="rc-title-choice">
            <Select
              aria-label="发票抬头"
              name="titleId"
              value={extras.titleId ?? ''}
              options={extras.list.map((title) => ({ key: title.id, value: title.id, text: `${title.name}（${title.typeName}）` }))}
              onChange={(_, data) => extras.setTitleId(Number(data.value))}
            />
            {addButton}
          </div>
        </Form.Field>
      )}
      <FieldError message={extras.titleId ? undefined : titleError} />
      <Form.Group widths="equal">
        <Form.Field>
          <label>接收邮箱（选填）</label>
          <Input name="email" value={extras.email} maxLength={100} onChange={(_, data) => extras.setEmail(data.value)} />
        </Form.Field>
        <Form.Field>
          <label>备注（选填）</label>
          <Input name="remark" value={extras.remark} maxLength={200} onChange={(_, data) => extras.setRemark(data.value)} />
        </Form.Field>
      </Form.Group>
    </>
  );
}
