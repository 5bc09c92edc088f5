import { Dropdown, Form } from 'semantic-ui-react';
import { billKindNames, options, productNames } from '../labels';

export interface BillFilterFields {
  product: string;
  kind: string;
  from: string;
  to: string;
}

export const noBillFilter: BillFilterFields = { product: '', kind: '', from: '', to: '' };

/** Product, kind and a date range (both days included). */
export function BillFilters({ value, onChange }: { value: BillFilterFields; onChange: (value: BillFilterFields) => void }) {
  const set = (patch: Partial<BillFilterFields>) => onChange({ ...value, ...patch });
  return (
    <Form className="rc-bill-filters">
      <Form.Group widths="equal">
        <Form.Field>
          <label>产品</label>
          <Dropdown
            selection
            clearable
            placeholder="全部产品"
            className="rc-filter-product"
            options={options(productNames)}
            value={value.product}
            onChange={(_, data) => set({ product: String(data.value ?? '') })}
          />
        </Form.Field>
        <Form.Field>
          <label>计费类型</label>
          <Dropdown
            selection
            clearable
            placeholder="全部类型"
            className="rc-filter-kind"
            options={options(billKindNames)}
            value={value.kind}
            onChange={(_, data) => set({ kind: String(data.value ?? '') })}
          />
        </Form.Field>
        <Form.Input
          label="开始日期"
          type="date"
          className="rc-filter-from"
          value={value.from}
          onChange={(_, data) => set({ from: data.value })}
        />
        <Form.Input
          label="结束日期"
          type="date"
          className="rc-filter-to"
          value={value.to}
          onChange={(_, data) => set({ to: data.value })}
        />
      </Form.Group>
    </Form>
  );
}
