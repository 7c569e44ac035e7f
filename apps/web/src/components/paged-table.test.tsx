import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { PagedTable } from './paged-table';

const COLUMNS = ['Name', 'Email'] as const;
const idle = { isFetching: false, isLoading: false, error: undefined, data: { total: 1 } };

function renderTable(
  query: Partial<Parameters<typeof PagedTable>[0]['query']>,
  { page = 1, empty = null as string | null } = {},
) {
  const onPage = vi.fn();
  const refetch = vi.fn();
  render(
    <PagedTable
      label="Accounts"
      columns={COLUMNS}
      query={{ ...idle, refetch, ...query }}
      page={page}
      limit={10}
      limits={[10, 20]}
      onPage={onPage}
      onLimit={vi.fn()}
      empty={empty}
    >
      <TableRow>
        <TableCell>Ada</TableCell>
        <TableCell>ada@example.org</TableCell>
      </TableRow>
    </PagedTable>,
  );
  return { onPage, refetch, table: screen.getByRole('table', { name: 'Accounts' }) };
}

describe('PagedTable: what the table holds in each state of its list', () => {
  it('shows the rows once loaded', () => {
    const { table } = renderTable({});
    expect(within(table).getByRole('cell', { name: 'Ada' })).toBeInTheDocument();
  });

  it('shows skeleton rows, one cell a column, and no rows on the first load', () => {
    const { table } = renderTable({ isLoading: true, data: undefined });
    expect(within(table).queryByText('Ada')).toBeNull();
    // The header row and three skeleton rows of two cells each.
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getAllByRole('cell')).toHaveLength(6);
  });

  it('says when there are no rows, across the whole table', () => {
    const { table } = renderTable({}, { empty: 'No accounts yet.' });
    const cell = within(table).getByRole('cell', { name: 'No accounts yet.' });
    expect(cell).toHaveAttribute('colspan', '2');
    expect(within(table).queryByText('Ada')).toBeNull();
  });

  it('offers to try again when the first page failed to load', async () => {
    const { refetch, onPage } = renderTable({ error: new Error('offline'), data: undefined });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
    expect(onPage).not.toHaveBeenCalled();
  });

  it('offers the first page when a later page failed to load (it may be past the end)', async () => {
    const { refetch, onPage } = renderTable({ error: new Error('gone'), data: undefined }, { page: 3 });
    await userEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(onPage).toHaveBeenCalledWith(1);
    expect(refetch).not.toHaveBeenCalled();
  });
});
