import type { GridPaginationModel } from '@mui/x-data-grid';
import { useCallback, useMemo, useState } from 'react';

/**
 * The state of a DataTable paged and searched on the server: its page, its search (a new search goes back to the
 * first page) and the table's `server` prop once the page's total and its exports are known.
 */
export function useServerTable<T>(
  pageSize: number,
  total: number | undefined,
  exports: (search: string) => { exportCsv: () => Promise<void>; fetchAll: () => Promise<T[]> },
) {
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize });
  const [search, setSearch] = useState('');
  const onSearchChange = useCallback((text: string) => {
    setSearch(text);
    setPaging((current) => ({ ...current, page: 0 }));
  }, []);
  const server = useMemo(
    () => ({
      rowCount: total ?? 0,
      paginationModel: paging,
      onPaginationModelChange: setPaging,
      search,
      onSearchChange,
      ...exports(search),
    }),
    [total, paging, search, onSearchChange, exports],
  );
  return { paging, search, server };
}
