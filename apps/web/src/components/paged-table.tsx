import type { GridValidRowModel } from '@mui/x-data-grid';
import { DataTable, type DataTableProps } from './data-table';

/** What the table reads of a page's query (TanStack Query of one page of `items`). */
export interface PageQuery<R> {
  data?: { items: readonly R[] };
  isFetching: boolean;
  isError: boolean;
}

type Given = 'rows' | 'loading' | 'emptyText' | 'pageSizeOptions' | 'selection' | 'selectedIds' | 'onSelectionChange';

/**
 * The DataTable of a list paged on the server: the rows of the page `query` read, its spinner while it reads,
 * `failedText` once it failed and `emptyText` when nothing matches; `pageSize` rows a page, or 50 or 100. With
 * `onOpenedChange`, a click on a row opens its details (the row `openedId` stays selected while they are open);
 * without, the rows are not selectable.
 */
export function PagedTable<R extends GridValidRowModel>({
  query,
  emptyText,
  failedText,
  pageSize,
  openedId = null,
  onOpenedChange,
  ...props
}: Omit<DataTableProps<R>, Given> & {
  query: PageQuery<R>;
  emptyText: string;
  failedText: string;
  pageSize: number;
  openedId?: number | null;
  onOpenedChange?: (id: number | null) => void;
}) {
  return (
    <DataTable<R>
      {...props}
      rows={query.data?.items ?? []}
      loading={query.isFetching}
      emptyText={query.isError ? failedText : emptyText}
      pageSize={pageSize}
      pageSizeOptions={[pageSize, 50, 100]}
      {...(onOpenedChange
        ? {
            selection: 'single' as const,
            selectedIds: openedId === null ? [] : [openedId],
            onSelectionChange: (_rows: R[], ids: readonly unknown[]) =>
              onOpenedChange(ids[0] === undefined ? null : Number(ids[0])),
          }
        : { selection: 'none' as const })}
    />
  );
}
