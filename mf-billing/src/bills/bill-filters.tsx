import { billKindNames, productNames } from '../labels';
import { ListFilters, type ChoiceFilter } from '../list-filters';

export interface BillFilterFields {
  product: string;
  kind: string;
  from: string;
  to: string;
}

export const noBillFilter: BillFilterFields = { product: '', kind: '', from: '', to: '' };

const choices: ChoiceFilter<BillFilterFields>[] = [
  { field: 'product', label: '产品', placeholder: '全部产品', className: 'rc-filter-product', names: productNames },
  { field: 'kind', label: '计费类型', placeholder: '全部类型', className: 'rc-filter-kind', names: billKindNames },
];

/** Product, kind and a date range (both days included). */
export function BillFilters({ value, onChange }: { value: BillFilterFields; onChange: (value: BillFilterFields) => void }) {
  return <ListFilters choices={choices} value={value} onChange={onChange} />;
}
