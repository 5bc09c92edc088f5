import { useCallback } from 'react';
import { Button, Icon, Label, Table } from 'semantic-ui-react';
import { dialogs, ListState, PageHeader, PageSection, runAction, useLoaded, type ScreenProps } from '@rc/shared-utility';
import { deleteTitle, listTitles, updateTitle, type InvoiceTitle } from './invoices-api';
import { openTitleForm } from './title-form';
import './invoices.css';

/** `/account/invoice/invoiceMsg`: my invoice titles — personal 普票, company 普票 and company 专票 — and the default one. */
export function InvoiceTitlesPage({ navigate }: ScreenProps) {
  const titles = useLoaded(useCallback(() => listTitles(), []));
  const openForm = (title?: InvoiceTitle) => openTitleForm(() => void titles.reload(), title);
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
