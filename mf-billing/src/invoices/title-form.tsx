import { useState } from 'react';
import { Form, Input } from 'semantic-ui-react';
import { dialogs, DialogFormActions, FieldError, useSubmit } from '@rc/shared-utility';
import { saveTitle, updateTitle, type InvoiceTitle, type InvoiceTitleSaveBody } from './invoices-api';

type Kind = 'personal' | 'company' | 'special';
const kinds: { kind: Kind; text: string; titleType: 1 | 2; invoiceType: 1 | 2 }[] = [
  { kind: 'personal', text: '个人（普通发票）', titleType: 1, invoiceType: 1 },
  { kind: 'company', text: '企业（普通发票）', titleType: 2, invoiceType: 1 },
  { kind: 'special', text: '企业（增值税专用发票）', titleType: 2, invoiceType: 2 },
];
const kindOf = (title: Pick<InvoiceTitle, 'titleType' | 'invoiceType'>): Kind =>
  title.titleType === 1 ? 'personal' : title.invoiceType === 2 ? 'special' : 'company';

type Field = 'name' | 'taxNo' | 'bankName' | 'bankAccount' | 'address' | 'phone';
const fieldLabels: Record<Field, string> = {
  name: '发票抬头',
  taxNo: '纳税人识别号',
  bankName: '开户银行',
  bankAccount: '银行账号',
  address: '注册地址',
  phone: '注册电话',
};

/** The browser's first look at a title, the server's rules in brief (the server checks again, including the tax number's check character). */
function titleErrors(kind: Kind, values: Record<Field, string>) {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.name.trim()) errors.name = '请填写发票抬头';
  if (kind === 'personal') return errors;
  if (!/^[0-9A-Za-z]{15,20}$/.test(values.taxNo.replace(/\s/g, ''))) errors.taxNo = '纳税人识别号应为15至20位数字或大写字母';
  if (kind === 'special') {
    if (!values.bankName.trim()) errors.bankName = '请填写开户银行';
    if (!/^\d{8,30}$/.test(values.bankAccount.replace(/\s/g, ''))) errors.bankAccount = '银行账号应为8至30位数字';
    if (!values.address.trim()) errors.address = '请填写注册地址';
    if (!/^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/.test(values.phone.replace(/\s/g, '')))
      errors.phone = '注册电话应为手机号或固定电话（如 010-12345678）';
  }
  return errors;
}

function TitleForm({ title, close, onDone }: { title?: InvoiceTitle; close: () => void; onDone: (saved: InvoiceTitle) => void }) {
  const [kind, setKind] = useState<Kind>(title ? kindOf(title) : 'personal');
  const [values, setValues] = useState<Record<Field, string>>({
    name: title?.name ?? '',
    taxNo: title?.taxNo ?? '',
    bankName: title?.bankName ?? '',
    bankAccount: title?.bankAccount ?? '',
    address: title?.address ?? '',
    phone: title?.phone ?? '',
  });
  const [isDefault, setIsDefault] = useState(title?.isDefault ?? false);
  const { busy, errors, submit } = useSubmit<Field>();
  const chosen = kinds.find((k) => k.kind === kind)!;
  const shown: Field[] =
    kind === 'personal'
      ? ['name']
      : kind === 'company'
        ? ['name', 'taxNo']
        : ['name', 'taxNo', 'bankName', 'bankAccount', 'address', 'phone'];
  const body = (): InvoiceTitleSaveBody => ({
    titleType: chosen.titleType,
    invoiceType: chosen.invoiceType,
    isDefault,
    ...Object.fromEntries(shown.map((field) => [field, values[field].trim()])),
    name: values.name.trim(),
  });
  return (
    <Form
      onSubmit={() =>
        void submit({
          check: () => titleErrors(kind, values),
          call: () => (title ? updateTitle(title.id, body()) : saveTitle(body())),
          then: (saved) => {
            close();
            onDone(saved);
          },
        })
      }
    >
      <Form.Group inline>
        {kinds.map((k) => (
          <Form.Radio key={k.kind} label={k.text} name="kind" value={k.kind} checked={kind === k.kind} onChange={() => setKind(k.kind)} />
        ))}
      </Form.Group>
      {shown.map((field) => (
        <Form.Field key={field} required>
          <label>{field === 'name' && kind === 'personal' ? '发票抬头（个人姓名）' : fieldLabels[field]}</label>
          <Input name={field} value={values[field]} onChange={(_, data) => setValues({ ...values, [field]: data.value })} />
          <FieldError message={errors[field]} />
        </Form.Field>
      ))}
      <Form.Checkbox label="设为默认抬头" checked={isDefault} onChange={(_, data) => setIsDefault(Boolean(data.checked))} />
      <DialogFormActions close={close} busy={busy} submitText={title ? '保存' : '添加'} />
    </Form>
  );
}

/** Opens the title form in a dialog, wherever a title is needed: the titles page, or an invoice form that has none yet. */
export function openTitleForm(onSaved: (saved: InvoiceTitle) => void, title?: InvoiceTitle) {
  dialogs.open({
    title: title ? '修改发票抬头' : '添加发票抬头',
    width: 560,
    content: (close) => <TitleForm title={title} close={close} onDone={onSaved} />,
  });
}
