import { CSV_INJECTION_PAYLOADS, parseCsv } from '@backoffice/contract/csv-injection-payloads';
import type { GridColDef, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../lib/format';
import { DataTable, type DataTableServerPaging } from './data-table';
import { moneyColumn } from './data-table-csv';
import { NotifierProvider } from './notifier';

interface Row {
  id: number;
  name: string;
  total: number;
}

const ROWS: Row[] = [
  { id: 1, name: 'Ana', total: 1234.5 },
  { id: 2, name: 'Bruno', total: 10 },
  { id: 3, name: 'Carla', total: 0.99 },
];
const COLUMNS: GridColDef<Row>[] = [
  { field: 'name', headerName: 'Nome', flex: 1 },
  { field: 'total', headerName: 'Total', width: 140, valueFormatter: (value: number) => formatMoney(value) },
];

const renderTable = (ui: React.ReactNode) => render(<NotifierProvider>{ui}</NotifierProvider>);

/** Captures the CSV that 'Baixar CSV' saves (a Blob through an object URL). */
function captureDownloads() {
  const blobs: Blob[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:csv';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return blobs;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('DataTable, client list', () => {
  it("'Baixar CSV' exports every row with ';', not only the selected one", async () => {
    const blobs = captureDownloads();
    const user = userEvent.setup();
    renderTable(<DataTable rows={ROWS} columns={COLUMNS} label="Clientes" />);
    const bruno = (await screen.findByText('Bruno')).closest('[role="row"]') as HTMLElement;
    await user.click(within(bruno).getByRole('checkbox'));
    expect(screen.getByText('1 selecionado(s)')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Baixar CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const text = await (blobs[0] as Blob).text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Nome;Total');
    expect(lines.slice(1).map((line) => line.split(';')[0])).toEqual(['Ana', 'Bruno', 'Carla']);
  });

  it('a row named like a formula comes out inert in a client table relatorio.csv; money as 1234,50', async () => {
    const blobs = captureDownloads();
    const user = userEvent.setup();
    const rows = CSV_INJECTION_PAYLOADS.map((name, i) => ({ id: i + 1, name, total: -1234.5, count: 1200 }));
    const columns: GridColDef<(typeof rows)[number]>[] = [
      { field: 'name', headerName: 'Nome' },
      { field: 'total', headerName: 'Total', ...moneyColumn },
      { field: 'count', headerName: 'Qtd.', type: 'number' },
    ];
    renderTable(<DataTable rows={rows} columns={columns} label="Nomes" pageSize={100} />);
    await screen.findByText('Qtd.');
    expect(screen.getAllByText('-R$ 1.234,50').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Baixar CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const bytes = new Uint8Array(await (blobs[0] as Blob).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the UTF-8 BOM
    const [head, ...lines] = parseCsv(await (blobs[0] as Blob).text());
    expect(head).toEqual(['Nome', 'Total', 'Qtd.']);
    expect(lines).toEqual(CSV_INJECTION_PAYLOADS.map((payload) => [`'${payload}`, '-1234,50', '1200']));
  });

  it('shows no select-all checkbox when one row at a time can be selected, and one when several can', async () => {
    const { unmount } = renderTable(<DataTable rows={ROWS} columns={COLUMNS} label="Um" />);
    await screen.findByText('Ana');
    // one checkbox per row, none in the header
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
    unmount();
    renderTable(<DataTable rows={ROWS} columns={COLUMNS} label="Vários" selection="multiple" />);
    await screen.findByText('Ana');
    expect(screen.getAllByRole('checkbox')).toHaveLength(4);
  });

  it('shows the footer slot under the rows', async () => {
    renderTable(<DataTable rows={ROWS} columns={COLUMNS} footer={<span>Soma: R$ 1.245,49</span>} />);
    expect(await screen.findByText('Soma: R$ 1.245,49')).toBeTruthy();
  });
});

/** A server list: 25 rows "Cliente 01…25" served 10 at a time, sorted and searched by the "server". */
function ServerTable(props: { onAsk: (ask: string) => void } & Partial<DataTableServerPaging<Row>>) {
  const { onAsk, ...server } = props;
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 10 });
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  const [search, setSearch] = useState('');
  const all = Array.from({ length: 25 }, (_, i) => ({
    id: i + 1,
    name: `Cliente ${String(i + 1).padStart(2, '0')}`,
    total: i,
  }))
    .filter((row) => row.name.toLowerCase().includes(search.toLowerCase()))
    .sort((a, b) => (sortModel[0]?.sort === 'desc' ? b.id - a.id : a.id - b.id));
  onAsk(`page=${pagination.page} search=${search} sort=${sortModel[0]?.sort ?? ''}`);
  const rows = all.slice(pagination.page * 10, pagination.page * 10 + 10);
  return (
    <DataTable
      rows={rows}
      columns={COLUMNS}
      label="Servidor"
      server={{
        rowCount: all.length,
        paginationModel: pagination,
        onPaginationModelChange: setPagination,
        sortModel,
        onSortModelChange: setSortModel,
        search,
        onSearchChange: (text) => {
          setSearch(text);
          setPagination((p) => ({ ...p, page: 0 }));
        },
        searchDebounceMs: 50,
        ...server,
      }}
    />
  );
}

describe('DataTable, server list', () => {
  it('asks the server for the next page, a sort and a search typed in Pesquisar', async () => {
    const asks: string[] = [];
    const user = userEvent.setup();
    renderTable(<ServerTable onAsk={(ask) => asks.push(ask)} />);
    expect(await screen.findByText('Cliente 01')).toBeTruthy();
    expect(screen.getByText('1–10 de 25')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /próxima página/i }));
    expect(await screen.findByText('Cliente 11')).toBeTruthy();
    expect(asks.at(-1)).toBe('page=1 search= sort=');

    await user.click(screen.getByRole('columnheader', { name: /Nome/ }));
    await user.click(screen.getByRole('columnheader', { name: /Nome/ }));
    await waitFor(() => expect(asks.at(-1)).toContain('sort=desc'));

    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar' }), '23');
    await waitFor(() => expect(asks.at(-1)).toBe('page=0 search=23 sort=desc'));
    expect(await screen.findByText('Cliente 23')).toBeTruthy();
    expect(screen.queryByText('Cliente 25')).toBeNull();
    expect(screen.getByText('1–1 de 1')).toBeTruthy();
  });

  it("hands 'Baixar CSV' and 'Imprimir' to the server and prints every row it answers", async () => {
    const exportCsv = vi.fn(async () => {});
    const fetchAll = vi.fn(async () => ROWS);
    const printed = { html: '', print: vi.fn(), close: vi.fn(), focus: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue({
      document: { write: (html: string) => (printed.html += html), close: vi.fn() },
      print: printed.print,
      close: printed.close,
      focus: printed.focus,
    } as unknown as Window);
    const user = userEvent.setup();
    renderTable(<ServerTable onAsk={() => {}} exportCsv={exportCsv} fetchAll={fetchAll} />);
    await screen.findByText('Cliente 01');

    await user.click(screen.getByRole('button', { name: 'Baixar CSV' }));
    expect(exportCsv).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Imprimir' }));
    await waitFor(() => expect(printed.print).toHaveBeenCalledTimes(1));
    expect(fetchAll).toHaveBeenCalledTimes(1);
    // every row the server answered, formatted as the grid formats it
    expect(printed.html).toContain('<th>Nome</th><th>Total</th>');
    expect(printed.html).toContain('<td>Ana</td><td>R$ 1.234,50</td>');
    expect(printed.html).toContain('<td>Carla</td><td>R$ 0,99</td>');
  });

  it('shows the server message when the CSV download fails', async () => {
    const { ApiError } = await import('../lib/api-client');
    const exportCsv = vi.fn(async () => {
      throw new ApiError(400, ['Lista inválida.']);
    });
    const user = userEvent.setup();
    renderTable(<ServerTable onAsk={() => {}} exportCsv={exportCsv} />);
    await screen.findByText('Cliente 01');
    await act(() => user.click(screen.getByRole('button', { name: 'Baixar CSV' })));
    expect(await screen.findByText('Lista inválida.')).toBeTruthy();
  });

  it('hides the search box, the filter and the exports that the server does not provide', async () => {
    renderTable(
      <DataTable
        rows={ROWS}
        columns={COLUMNS}
        server={{ rowCount: 3, paginationModel: { page: 0, pageSize: 10 }, onPaginationModelChange: () => {} }}
      />,
    );
    await screen.findByText('Ana');
    expect(screen.queryByRole('searchbox', { name: 'Pesquisar' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Pesquisar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Filtros' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Baixar CSV' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Imprimir' })).toBeNull();
  });

  it('says "mais de" when the server counted only up to rowCount, and lets the user page on', async () => {
    const pages: number[] = [];
    renderTable(
      <DataTable
        rows={ROWS}
        columns={COLUMNS}
        pageSizeOptions={[10]}
        server={{
          rowCount: 1000,
          rowCountIsLowerBound: true,
          paginationModel: { page: 0, pageSize: 10 },
          onPaginationModelChange: (model) => pages.push(model.page),
        }}
      />,
    );
    await screen.findByText('Ana');
    expect(screen.getByText('1–10 de mais de 1.000')).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Ir para a próxima página' });
    expect((next as HTMLButtonElement).disabled).toBe(false);
    await act(() => userEvent.setup().click(next));
    expect(pages).toEqual([1]);
  });
});
