import { useCallback, useState } from 'react';
import { Button, Form, Icon, Input } from 'semantic-ui-react';
import { FieldError, formatYuan, PageHeader, PageSection, useLoaded, useSubmit, type ScreenProps } from '@rc/shared-utility';
import { ApplyFields, useApplyExtras } from './apply-fields';
import { InvoiceableBreakdown } from './invoiceable-breakdown';
import { applyForInvoice, invoiceableAmount } from './invoices-api';
import { parseYuan } from './yuan-input';
import './invoices.css';

/**
 * `/account/invoice/rechargeInviice`: an invoice for an amount of the money recharged and spent
 * (not for recharge still unspent), up to the invoiceable amount.
 */
export function RechargeInvoicePage({ navigate }: ScreenProps) {
  const amount = useLoaded(useCallback(() => invoiceableAmount(), []));
  const [yuan, setYuan] = useState('');
  const extras = useApplyExtras();
  const { busy, errors, submit } = useSubmit<'amount' | 'title'>();
  const invoiceable = amount.data?.invoiceable ?? 0;

  return (
    <div className="rc-invoices">
      <PageSection>
        <PageHeader>
          <Button basic onClick={() => navigate('/account/invoice')}>
            <Icon name="arrow left" />
            发票管理
          </Button>
        </PageHeader>
        <InvoiceableBreakdown amount={amount} />
      </PageSection>
      <PageSection>
        <Form
          className="rc-invoice-apply"
          onSubmit={() =>
            void submit({
              check: () => {
                const value = parseYuan(yuan);
                return {
                  amount:
                    value === null
                      ? '请输入大于0的金额，最多两位小数'
                      : value > invoiceable
                        ? `开票金额不能超过可开票金额 ${formatYuan(invoiceable)}`
                        : undefined,
                  title: extras.titleId ? undefined : extras.list.length === 0 ? '请先添加发票抬头' : '请选择发票抬头',
                };
              },
              call: () =>
                applyForInvoice({
                  mode: 'amount',
                  amount: parseYuan(yuan)!,
                  titleId: extras.titleId!,
                  email: extras.email.trim(),
                  remark: extras.remark.trim(),
                }),
              then: () => navigate('/account/invoice'),
            })
          }
        >
          <Form.Field required>
            <label>开票金额（元）</label>
            <Input
              name="amount"
              value={yuan}
              placeholder={`最多 ${formatYuan(invoiceable)}`}
              onChange={(_, data) => setYuan(data.value)}
              action={
                <Button type="button" basic content="全部" onClick={() => setYuan((Math.floor(invoiceable / 10) / 100).toFixed(2))} />
              }
            />
            <FieldError message={errors.amount} />
          </Form.Field>
          <ApplyFields extras={extras} titleError={errors.title} />
          <Button primary type="submit" loading={busy} disabled={busy} content="提交开票申请" />
        </Form>
      </PageSection>
    </div>
  );
}
