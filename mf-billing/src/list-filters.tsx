import { useCallback, useState } from 'react';
import { Dropdown, Form } from 'semantic-ui-react';
import { usePagedList, type ApiResult, type Page, type Paging } from '@rc/shared-utility';
import { dayStart } from './day-range';
import { options } from './labels';

/** A date range of a list's filters: both days included, '' for open. */
export interface DateRangeFields {
  from: string;
  to: string;
}

const dateInputs = [
  { field: 'from', label: '开始日期' },
  { field: 'to', label: '结束日期' },
] as const;

/** One dropdown of a list's filters: a field chosen among named values ('' for all). */
export interface ChoiceFilter<F> {
  field: keyof F & string;
  label: string;
  placeholder: string;
  className: string;
  names: Record<string | number, string>;
}

/** The instants a date range covers, as the server's `startTime` and `endTime`. */
export const timeRangeOf = ({ from, to }: DateRangeFields) => ({ startTime: dayStart(from), endTime: dayStart(to, true) });

/** One line of filters above a list: dropdowns of named values, then the date range. */
export function ListFilters<F extends DateRangeFields>({
  choices,
  value,
  onChange,
}: {
  choices: ChoiceFilter<F>[];
  value: F;
  onChange: (value: F) => void;
}) {
  const set = (patch: Partial<F>) => onChange({ ...value, ...patch });
  return (
    <Form className="rc-bill-filters">
      <Form.Group widths="equal">
        {choices.map((choice) => (
          <Form.Field key={choice.field}>
            <label>{choice.label}</label>
            <Dropdown
              selection
              clearable
              placeholder={choice.placeholder}
              className={choice.className}
              aria-label={choice.label}
              options={options(choice.names)}
              value={value[choice.field] as string}
              onChange={(_, data) => set({ [choice.field]: String(data.value ?? '') } as Partial<F>)}
            />
          </Form.Field>
        ))}
        {dateInputs.map(({ field, label }) => (
          <Form.Input
            key={field}
            id={`rc-filter-${field}`}
            label={label}
            type="date"
            className={`rc-filter-${field}`}
            value={value[field]}
            onChange={(_, data) => set({ [field]: data.value } as Partial<F>)}
          />
        ))}
      </Form.Group>
    </Form>
  );
}

/**
 * A paged server list under filter fields: a change of filter loads page 1 again; `filtering` says whether
 * any filter is set (for the empty list's words). `fetchPage` is a module function.
 */
export function useFilteredList<F extends DateRangeFields & Record<keyof F, string>, T>(
  none: F,
  fetchPage: (fields: F, paging: Paging) => Promise<ApiResult<Page<T>>>,
) {
  const [fields, setFields] = useState(none);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const fetch = useCallback((paging: Paging) => fetchPage(fields, paging), [fields]);
  const paged = usePagedList(fetch);
  const change = (next: F) => {
    setFields(next);
    paged.setPageNum(1);
  };
  return { fields, change, paged, filtering: Object.values<string>(fields).some(Boolean) };
}
