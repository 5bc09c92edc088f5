import { useState } from 'react';
import { Button, Form, Label, Menu, Table } from 'semantic-ui-react';
import { ListState, PageHeader, PageSection, formatDateTime, formatYuan, runAction, useLoaded } from '@rc/shared-utility';
import { listVouchers, redeemVoucher, type VoucherState } from './vouchers-api';
import { scopeNames, stateNames } from './voucher-labels';

const states: VoucherState[] = ['available', 'used', 'expired'];

/** `/account/voucher` (代金券): redeem a code, and the user's vouchers by state (可用, 已使用, 已过期). */
export function VouchersPage() {
  const vouchers = useLoaded(listVouchers);
  const [code, setCode] = useState('');
  const [state, setState] = useState<VoucherState>('available');
  const redeem = () =>
    runAction(() => redeemVoucher(code.trim()), {
      then: () => {
        setCode('');
        setState('available');
        void vouchers.reload();
      },
    });

  return (
    <PageSection>
      <PageHeader>
        <Form onSubmit={() => void redeem()} className="voucher-redeem">
          <Form.Group inline>
            <Form.Input
              placeholder="请输入兑换码"
              aria-label="兑换码"
              value={code}
              maxLength={32}
              onChange={(_, data) => setCode(String(data.value))}
            />
            <Button primary type="submit" disabled={!code.trim()}>
              兑换
            </Button>
          </Form.Group>
        </Form>
      </PageHeader>
      <Menu secondary pointing>
        {states.map((s) => (
          <Menu.Item key={s} active={state === s} onClick={() => setState(s)}>
            {stateNames[s]}
            {vouchers.data ? ` (${vouchers.data.filter((v) => v.state === s).length})` : ''}
          </Menu.Item>
        ))}
      </Menu>
      <ListState source={vouchers} isEmpty={(list) => !list.some((v) => v.state === state)} empty={`没有${stateNames[state]}的代金券`}>
        {(list) => (
          <Table unstackable>
            <Table.Header>
              <Table.Row>
                {['名称', '面额', '使用条件', '适用范围', '有效期至', '状态'].map((name) => (
                  <Table.HeaderCell key={name}>{name}</Table.HeaderCell>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list
                .filter((v) => v.state === state)
                .map((v) => (
                  <Table.Row key={v.id}>
                    <Table.Cell>{v.name}</Table.Cell>
                    <Table.Cell>{formatYuan(v.amount)}</Table.Cell>
                    <Table.Cell>{v.minSpend > 0 ? `满 ${formatYuan(v.minSpend)} 可用` : '无门槛'}</Table.Cell>
                    <Table.Cell>{scopeNames[v.scope]}</Table.Cell>
                    <Table.Cell>{formatDateTime(v.validUntil)}</Table.Cell>
                    <Table.Cell>
                      <Label basic color={v.state === 'available' ? 'green' : undefined}>
                        {stateNames[v.state]}
                      </Label>
                      {v.usedAt ? ` 抵扣 ${formatYuan(v.usedAmount)}` : ''}
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
