import type { GridPaginationModel, GridValidRowModel } from '@mui/x-data-grid';
import { useCallback, useMemo, useState } from 'react';
import type { DataTableServerPaging } from './data-table';

/** A list paged and searched on the server: its page, its search, and going back to the first page. */
export function useServerList(pageSize: number) {
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize });
  const [search, setSearch] = useState('');
  const firstPage = useCallback(() => setPaging((current) => ({ ...current, page: 0 })), []);
  const onSearchChange = useCallback(
    (text: string) => {
      setSearch(text);
      firstPage();
    },
    [firstPage],
  );
  return { paging, setPaging, search, onSearchChange, firstPage };
}

/** What the shared table needs of such a list; `io` (a module-level object) exports and prints every match. */
export function useServerTable<R extends GridValidRowModel, F>(
  list: ReturnType<typeof useServerList>,
  rowCount: number,
  filter: F,
  io: { exportCsv: (filter: F) => Promise<void>; fetchAll: (filter: F) => Promise<readonly R[]> },
): DataTableServerPaging<R> {
  const { paging, setPaging, search, onSearchChange } = list;
  return useMemo(
    () => ({
      rowCount,
      paginationModel: paging,
      onPaginationModelChange: setPaging,
      search,
      onSearchChange,
      exportCsv: () => io.exportCsv(filter),
      fetchAll: () => io.fetchAll(filter),
    }),
    [rowCount, paging, setPaging, search, onSearchChange, filter, io],
  );
}
