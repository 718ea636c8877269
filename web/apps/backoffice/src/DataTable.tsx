/**
 * A desk's table: loading (rows still null), empty (a muted line) or the rows in the scrolling wrap,
 * with an optional hidden caption and the column heads from their definitions (scope="col"; numeric
 * columns right-aligned; a hidden head, such as the actions column's, read by screen readers only).
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Table } from '@parlay/ui/index.ts';
import type { ReactNode } from 'react';
import styles from './Backoffice.module.css';

export interface Column {
  label: ReactNode;
  /** Numbers, amounts and times: the column's class aligns them. */
  num?: boolean;
  /** Heard, not seen (the actions column of a row of buttons). */
  hidden?: boolean;
}

/** Columns; false or null leaves one out (a column only some roles see). */
export type Columns = readonly (Column | false | null)[];

export function ColumnHeads({ columns }: { columns: Columns }) {
  return (
    <thead>
      <tr>
        {columns.map((c, i) =>
          c ? (
            <th key={i} scope="col" className={c.num ? styles.num : undefined}>
              {c.hidden ? <span className={styles.visuallyHidden}>{c.label}</span> : c.label}
            </th>
          ) : null,
        )}
      </tr>
    </thead>
  );
}

export function DataTable<T>({
  rows,
  columns,
  row,
  empty,
  emptyTestId,
  testId,
  caption,
  loading,
  wrap = true,
}: {
  rows: readonly T[] | null | undefined;
  columns: Columns;
  /** One row's <tr> (its key included). */
  row(item: T): ReactNode;
  empty?: ReactNode;
  emptyTestId?: string;
  testId?: string;
  /** A caption for screen readers. */
  caption?: ReactNode;
  /** What shows while rows are null; the desk's "Loading…" unless given (null: nothing). */
  loading?: ReactNode;
  /** In the scrolling wrap (the default); false for a table inside a narrow card. */
  wrap?: boolean;
}) {
  const t = useT('backoffice');
  if (!rows) return loading === undefined ? <p className={styles.muted}>{t('loading')}</p> : loading;
  if (rows.length === 0 && empty !== undefined)
    return (
      <p className={styles.muted} data-testid={emptyTestId}>
        {empty}
      </p>
    );
  const table = (
    <Table className={styles.table} data-testid={testId}>
      {caption === undefined ? null : <caption className={styles.visuallyHidden}>{caption}</caption>}
      <ColumnHeads columns={columns} />
      <tbody>{rows.map(row)}</tbody>
    </Table>
  );
  return wrap ? <div className={styles.tableWrap}>{table}</div> : table;
}

/** A record's details (an alert case's, an audit record's) as key=value pairs, clipped, whole in the title. */
export function DetailsCell({ details }: { details: Record<string, string | number | boolean | null> }) {
  return (
    <td className={styles.clip} title={JSON.stringify(details)}>
      {Object.entries(details)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}
    </td>
  );
}
