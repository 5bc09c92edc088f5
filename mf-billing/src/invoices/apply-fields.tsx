import { useCallback, useState } from 'react';
import { Button, Form, Input, Message } from 'semantic-ui-react';
import { useLoaded, type ScreenProps } from '@rc/shared-utility';
import { listTitles, type InvoiceTitle } from './invoices-api';

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
  return { titles, list, titleId, setTitleId: setChosen, email, setEmail, remark, setRemark };
}

export function ApplyFields({ extras, navigate }: { extras: ReturnType<typeof useApplyExtras>; navigate: ScreenProps['navigate'] }) {
  if (extras.titles.data && extras.list.length === 0)
    return (
      <Message warning>
        还没有发票抬头。
        <Button basic size="mini" type="button" content="去添加发票抬头" onClick={() => navigate('/account/invoice/invoiceMsg')} />
      </Message>
    );
  return (
    <>
      <Form.Select
        required
        label="发票抬头"
        name="titleId"
        value={extras.titleId ?? ''}
        options={extras.list.map((title) => ({ key: title.id, value: title.id, text: `${title.name}（${title.typeName}）` }))}
        onChange={(_, data) => extras.setTitleId(Number(data.value))}
      />
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
