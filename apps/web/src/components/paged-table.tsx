import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import { errorMessage } from '@/lib/api/api-error';
import { useT } from '@/lib/i18n/i18n';
import { translateServerMessage } from '@/lib/i18n/server-messages';

/**
 * The state line above a paged list that is already on screen: a thin progress bar while a new page
 * loads (the space is kept, so nothing moves), and the error of a reload that failed while the previous
 * page stays shown. The first load and its failure are the list's own (skeleton rows, load error).
 */
export function ListRefreshState({
  isFetching,
  isLoading,
  error,
  shown,
}: {
  isFetching: boolean;
  isLoading: boolean;
  error: unknown;
  /** Whether a page is on screen. */
  shown: boolean;
}) {
  const t = useT();
  return (
    <>
      <Box sx={{ height: 4 }}>
        {isFetching && !isLoading && <LinearProgress aria-label={t('shell.table.updating')} />}
      </Box>
      {Boolean(error) && shown && (
        <Alert severity="error" sx={{ mx: 2, mb: 1 }}>
          {translateServerMessage(errorMessage(error))}
        </Alert>
      )}
    </>
  );
}

/**
 * Each row as a block of "heading: value" lines (for {@link ColumnsTable}'s `stacked`): in a narrow window,
 * or zoomed in (a 1280 px screen at 200 % is 640 CSS px), five columns would squeeze an email address into
 * one letter a line and push the row's buttons out of sight. The cells keep their table roles (explicit,
 * since a browser may drop a table's semantics once it is no longer laid out as one) and the heading row
 * stays in the accessibility tree, visually hidden; each cell shows its heading from CSS, with empty
 * alternative text (`content: "…" / ""`) so that a screen reader does not hear it twice. Rows of one cell
 * spanning the table (loading error, empty list) are left as they are.
 */
function stackedRows(columns: readonly string[]) {
  const labels = Object.fromEntries(
    columns.map((column, index) => [
      `& tbody td:nth-of-type(${index + 1}):not([colspan])::before`,
      { content: `${JSON.stringify(column)} / ""` },
    ]),
  );
  return {
    '& thead': {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
    '& table, & tbody, & tr': { display: 'block' },
    '& tbody tr': { py: 1, borderBottom: 1, borderColor: 'divider' },
    // Two columns: the heading (the cell's ::before) in the first, everything the cell holds in the
    // second, one item under another (a name and its "You" chip, a select, the buttons).
    '& tbody td:not([colspan])': {
      display: 'grid',
      gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
      columnGap: 2,
      alignItems: 'center',
      justifyItems: 'start',
      border: 0,
      py: 0.75,
      textAlign: 'left',
      whiteSpace: 'normal',
      overflowWrap: 'anywhere',
      wordBreak: 'normal',
    },
    '& tbody td:not([colspan]) > *': { gridColumn: 2 },
    '& tbody td:not([colspan])::before': { fontWeight: 700, overflowWrap: 'normal' },
    ...labels,
  } as const;
}

/**
 * A table with bold column headings; `busy` while its rows are being replaced. `stacked`: each row as a
 * block of "heading: value" lines ({@link stackedRows}).
 */
export function ColumnsTable({
  label,
  columns,
  busy,
  stacked = false,
  children,
}: {
  label: string;
  columns: readonly string[];
  busy: boolean;
  stacked?: boolean;
  children: ReactNode;
}) {
  const roles = (role: string) => (stacked ? { role } : {});
  return (
    <TableContainer sx={stacked ? stackedRows(columns) : undefined}>
      <Table aria-label={label} aria-busy={busy} {...roles('table')}>
        <TableHead {...roles('rowgroup')}>
          <TableRow {...roles('row')}>
            {columns.map((column) => (
              <TableCell key={column} sx={{ fontWeight: 700 }} {...roles('columnheader')}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody {...roles('rowgroup')}>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}

/** Page and page-size controls; `page` counts from 1, as the API's does. */
export function PageControls({
  total,
  page,
  limit,
  limits,
  onPage,
  onLimit,
  limitLabel,
}: {
  total: number;
  page: number;
  limit: number;
  limits: readonly number[];
  onPage: (page: number) => void;
  /** A new page size; the caller goes back to page 1. */
  onLimit: (limit: number) => void;
  limitLabel?: string;
}) {
  const t = useT();
  return (
    <TablePagination
      component="div"
      count={total}
      page={page - 1}
      onPageChange={(_event, zeroBased) => onPage(zeroBased + 1)}
      rowsPerPage={limit}
      rowsPerPageOptions={[...limits]}
      onRowsPerPageChange={(event) => onLimit(Number(event.target.value))}
      labelRowsPerPage={limitLabel ?? t('shell.table.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) =>
        count === -1
          ? t('shell.table.rowsOpenEnded', { from, to })
          : t('shell.table.rows', { from, to, count })
      }
      getItemAriaLabel={(type) =>
        type === 'next'
          ? t('shell.table.nextPage')
          : type === 'previous'
            ? t('shell.table.previousPage')
            : `Go to ${type} page`
      }
      // In a narrow window (or zoomed in) the controls wrap instead of scrolling sideways (WCAG 1.4.10).
      sx={{
        overflow: 'visible',
        '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', rowGap: 1, justifyContent: 'flex-end' },
        '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
      }}
    />
  );
}

/**
 * What a paged list's table holds: skeleton rows on the first load, the load error with a way out (the first
 * page when the page asked for is past the end, else try again), `empty` when there are no rows, else the
 * rows.
 */
function TableBodyState({
  columns,
  query,
  page,
  onPage,
  skeletonRows,
  empty,
  children,
}: {
  columns: number;
  query: PagedQuery;
  page: number;
  onPage: (page: number) => void;
  skeletonRows: number;
  empty: ReactNode | null;
  children: ReactNode;
}) {
  const t = useT();
  const { isLoading, error, data, refetch } = query;
  if (isLoading) {
    return Array.from({ length: skeletonRows }, (_, row) => (
      <TableRow key={row}>
        {Array.from({ length: columns }, (_, column) => (
          <TableCell key={column}>
            <Skeleton />
          </TableCell>
        ))}
      </TableRow>
    ));
  }
  if (error && !data) {
    return (
      <TableRow>
        <TableCell colSpan={columns}>
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => (page > 1 ? onPage(1) : void refetch())}>
                {page > 1 ? t('shell.table.firstPage') : t('shell.tryAgain')}
              </Button>
            }
          >
            {translateServerMessage(errorMessage(error))}
          </Alert>
        </TableCell>
      </TableRow>
    );
  }
  if (empty !== null) {
    return (
      <TableRow>
        <TableCell colSpan={columns} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
          {empty}
        </TableCell>
      </TableRow>
    );
  }
  return children;
}

/** The state of a list's query that the table shows. */
interface PagedQuery {
  isFetching: boolean;
  isLoading: boolean;
  error?: unknown;
  data?: { total: number } | undefined;
  refetch: () => unknown;
}

/**
 * The three above for a list whose page and page size live in the screen's state (Manage Users,
 * Invites): the refresh state, the table of `children` rows (or its skeleton, load error or `empty`
 * message — `empty` is null when there are rows), and the controls (a new page size goes back to page 1).
 */
export function PagedTable({
  label,
  columns,
  query,
  page,
  limit,
  limits,
  onPage,
  onLimit,
  skeletonRows = 3,
  empty,
  children,
}: {
  label: string;
  columns: readonly string[];
  query: PagedQuery;
  page: number;
  limit: number;
  limits: readonly number[];
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
  skeletonRows?: number;
  empty: ReactNode | null;
  children: ReactNode;
}) {
  const { isFetching, isLoading, error, data } = query;
  // Below MUI's md breakpoint (900 px), as the results list's cards.
  const stacked = useMediaQuery('(max-width:899.95px)');
  return (
    <>
      <ListRefreshState isFetching={isFetching} isLoading={isLoading} error={error} shown={Boolean(data)} />
      <ColumnsTable label={label} columns={columns} busy={isFetching} stacked={stacked}>
        <TableBodyState
          columns={columns.length}
          query={query}
          page={page}
          onPage={onPage}
          skeletonRows={skeletonRows}
          empty={empty}
        >
          {children}
        </TableBodyState>
      </ColumnsTable>
      <PageControls
        total={data?.total ?? 0}
        page={data ? page : 1}
        limit={limit}
        limits={limits}
        onPage={onPage}
        onLimit={(next) => {
          onLimit(next);
          onPage(1);
        }}
      />
    </>
  );
}
