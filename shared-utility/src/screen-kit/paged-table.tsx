import type { ReactNode } from 'react';
import { Table } from 'semantic-ui-react';
import { ListState } from './list-state';
import { PageSwitcher, type PagedList } from './paged-list';

interface PagedTableProps<T> {
  list: PagedList<T>;
  /** Header cells, in order. */
  columns: readonly ReactNode[];
  row: (item: T) => ReactNode;
  empty: ReactNode;
  className?: string;
}

/** A server list as a table: loading, failed and empty states, the rows, and the page switcher. */
export function PagedTable<T>({ list, columns, row, empty, className }: PagedTableProps<T>) {
  return (
    <>
      <ListState source={list} isEmpty={(page) => page.list.length === 0} empty={empty}>
        {(page) => (
          <Table compact className={className}>
            <Table.Header>
              <Table.Row>
                {columns.map((column, index) => (
                  <Table.HeaderCell key={index}>{column}</Table.HeaderCell>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>{page.list.map(row)}</Table.Body>
          </Table>
        )}
      </ListState>
      <PageSwitcher {...list} />
    </>
  );
}
