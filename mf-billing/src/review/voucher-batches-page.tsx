import { useState } from 'react';
import { Button, Form, Message, Table } from 'semantic-ui-react';
import { ListState, PageHeader, PageSection, formatDateTime, formatYuan, parseYuan, runAction, useLoaded } from '@rc/shared-utility';
import type { VoucherScope } from '@rc/api-contract/user/voucher';
import { issueVoucherBatch, listVoucherBatches } from '../vouchers/vouchers-api';
import { scopeNames } from '../vouchers/voucher-labels';

const scopeOptions = (Object.keys(scopeNames) as VoucherScope[]).map((value) => ({ key: value, value, text: scopeNames[value] }));
const dayMs = 86_400_000;

/** `/account/review/voucher` (发放代金券, operators): issue a batch (one code per voucher or a shared code) and see the batches. */
export function VoucherBatchesPage() {
  const batches = useLoaded(listVoucherBatches);
  const [form, setForm] = useState({
    name: '',
    amount: '',
    minSpend: '0',
    scope: 'compute' as VoucherScope,
    days: '30',
    count: '10',
    sharedCode: '',
    perUserLimit: '1',
  });
  const [codes, setCodes] = useState<string[]>([]);
  const set = (field: keyof typeof form) => (_: unknown, data: { value?: unknown }) =>
    setForm({ ...form, [field]: String(data.value ?? '') });
  const amount = parseYuan(form.amount);
  const minSpend = parseYuan(form.minSpend);
  const issue = () => {
    const now = Date.now();
    return runAction(
      () =>
        issueVoucherBatch({
          name: form.name.trim(),
          amount: amount ?? 0,
          minSpend: minSpend ?? 0,
          scope: form.scope,
          validFrom: new Date(now).toISOString(),
          validUntil: new Date(now + Number(form.days) * dayMs).toISOString(),
          count: Number(form.count),
          ...(form.sharedCode.trim() ? { sharedCode: form.sharedCode.trim(), perUserLimit: Number(form.perUserLimit) } : {}),
        }),
      {
        then: (issued) => {
          setCodes(issued.codes);
          void batches.reload();
        },
      },
    );
  };

  return (
    <PageSection>
      <PageHeader />
      <Form onSubmit={() => void issue()}>
        <Form.Group widths="equal">
          <Form.Input label="名称" required value={form.name} maxLength={64} onChange={set('name')} />
          <Form.Input label="面额（元）" required value={form.amount} onChange={set('amount')} error={form.amount !== '' && !amount} />
          <Form.Input label="最低消费（元）" value={form.minSpend} onChange={set('minSpend')} />
          <Form.Select label="适用范围" options={scopeOptions} value={form.scope} onChange={set('scope')} />
        </Form.Group>
        <Form.Group widths="equal">
          <Form.Input label="有效天数" type="number" min={1} value={form.days} onChange={set('days')} />
          <Form.Input label="数量" type="number" min={1} max={10000} value={form.count} onChange={set('count')} />
          <Form.Input label="共享兑换码（留空则每张一个兑换码）" value={form.sharedCode} maxLength={32} onChange={set('sharedCode')} />
          <Form.Input
            label="每人限领"
            type="number"
            min={1}
            disabled={!form.sharedCode.trim()}
            value={form.perUserLimit}
            onChange={set('perUserLimit')}
          />
        </Form.Group>
        <Button primary type="submit" disabled={!form.name.trim() || !amount}>
          发放
        </Button>
      </Form>
      {codes.length > 0 && (
        <Message positive>
          <Message.Header>本批兑换码（共 {codes.length} 个）</Message.Header>
          <pre className="voucher-codes">{codes.join('\n')}</pre>
        </Message>
      )}
      <ListState source={batches} isEmpty={(list) => list.length === 0} empty="还没有发放代金券">
        {(list) => (
          <Table unstackable>
            <Table.Header>
              <Table.Row>
                {['名称', '面额', '最低消费', '范围', '兑换码', '已兑换/数量', '已使用', '有效期至'].map((name) => (
                  <Table.HeaderCell key={name}>{name}</Table.HeaderCell>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((batch) => (
                <Table.Row key={batch.id}>
                  <Table.Cell>{batch.name}</Table.Cell>
                  <Table.Cell>{formatYuan(batch.amount)}</Table.Cell>
                  <Table.Cell>{formatYuan(batch.minSpend)}</Table.Cell>
                  <Table.Cell>{scopeNames[batch.scope]}</Table.Cell>
                  <Table.Cell>{batch.sharedCode ? `${batch.sharedCode}（每人 ${batch.perUserLimit} 张）` : '每张一个'}</Table.Cell>
                  <Table.Cell>
                    {batch.redeemed}/{batch.count}
                  </Table.Cell>
                  <Table.Cell>{batch.used}</Table.Cell>
                  <Table.Cell>{formatDateTime(batch.validUntil)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </ListState>
    </PageSection>
  );
}
