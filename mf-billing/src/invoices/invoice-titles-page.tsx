import { useCallback, useState } from 'react';
import { Button, Form, Icon, Input, Label, Table } from 'semantic-ui-react';
import {
  dialogs,
  DialogFormActions,
  FieldError,
  ListState,
  PageHeader,
  PageSection,
  runAction,
  useLoaded,
  useSubmit,
  type ScreenProps,
} from '@rc/shared-utility';
import { deleteTitle, listTitles, saveTitle, updateTitle, type InvoiceTitle, type InvoiceTitleSaveBody } from './invoices-api';
import './invoices.css';

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

function TitleForm({ title, close, onDone }: { title?: InvoiceTitle; close: () => void; onDone: () => void }) {
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
          then: () => {
            close();
            onDone();
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

/** `/account/invoice/invoiceMsg`: my invoice titles — personal 普票, company 普票 and company 专票 — and the default one. */
export function InvoiceTitlesPage({ navigate }: ScreenProps) {
  const titles = useLoaded(useCallback(() => listTitles(), []));
  const openForm = (title?: InvoiceTitle) =>
    dialogs.open({
      title: title ? '修改发票抬头' : '添加发票抬头',
      width: 560,
      content: (close) => <TitleForm title={title} close={close} onDone={() => void titles.reload()} />,
    });
  const remove = async (title: InvoiceTitle) => {
    if (
      await dialogs.confirm({
        title: '删除发票抬头',
        content: `删除「${title.name}」？已提交的开票申请不受影响。`,
        confirmText: '删除',
        danger: true,
      })
    )
      await runAction(() => deleteTitle(title.id), { then: () => titles.reload() });
  };
  const makeDefault = (title: InvoiceTitle) =>
    runAction(
      () =>
        updateTitle(title.id, {
          titleType: title.titleType,
          invoiceType: title.invoiceType,
          name: title.name,
          taxNo: title.taxNo,
          bankName: title.bankName,
          bankAccount: title.bankAccount,
          address: title.address,
          phone: title.phone,
          isDefault: true,
        }),
      { success: '已设为默认抬头', then: () => titles.reload() },
    );
  return (
    <PageSection>
      <PageHeader>
        <div className="rc-invoice-actions">
          <Button basic onClick={() => navigate('/account/invoice')}>
            <Icon name="arrow left" />
            发票管理
          </Button>
          <Button primary onClick={() => openForm()}>
            <Icon name="plus" />
            添加发票抬头
          </Button>
        </div>
      </PageHeader>
      <ListState source={titles} isEmpty={(data) => data.list.length === 0} empty="还没有发票抬头，添加一个后即可申请开票。">
        {(data) => (
          <Table compact className="rc-invoice-titles">
            <Table.Header>
              <Table.Row>
                {['发票抬头', '类型', '纳税人识别号', '开户银行及账号', '注册地址及电话', '操作'].map((h) => (
                  <Table.HeaderCell key={h}>{h}</Table.HeaderCell>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.list.map((title) => (
                <Table.Row key={title.id}>
                  <Table.Cell>
                    {title.name}{' '}
                    {title.isDefault ? (
                      <Label size="tiny" color="blue">
                        默认
                      </Label>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell>{title.typeName}</Table.Cell>
                  <Table.Cell>{title.taxNo || '—'}</Table.Cell>
                  <Table.Cell>{[title.bankName, title.bankAccount].filter(Boolean).join(' ') || '—'}</Table.Cell>
                  <Table.Cell>{[title.address, title.phone].filter(Boolean).join(' ') || '—'}</Table.Cell>
                  <Table.Cell collapsing>
                    <Button size="mini" basic content="修改" onClick={() => openForm(title)} />
                    {title.isDefault ? null : <Button size="mini" basic content="设为默认" onClick={() => void makeDefault(title)} />}
                    <Button size="mini" basic color="red" content="删除" onClick={() => void remove(title)} />
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
