import { type ImportResult, importResultSchema } from '@backoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadProgress } from '../lib/upload';
import { renderPage } from '../test/render';
import { ImportDialog } from './import-dialog';

const upload = vi.hoisted(() => vi.fn());
vi.mock('../lib/upload', () => ({ uploadForm: upload }));

interface Sent {
  path: string;
  mapping: Record<string, string>;
  fileName: string;
}
const sent: Sent[] = [];

/** Answers each upload in turn (checked against the API's schema), recording what was sent. */
function answers(...results: ImportResult[]) {
  sent.length = 0;
  upload.mockReset();
  for (const result of results) {
    upload.mockImplementationOnce(async (path: string, form: FormData, onProgress?: (p: UploadProgress) => void) => {
      sent.push({
        path,
        mapping: JSON.parse(String(form.get('mapping'))) as Record<string, string>,
        fileName: (form.get('file') as File).name,
      });
      onProgress?.({ loaded: 50, total: 100, sent: false });
      return { data: importResultSchema.parse(result) };
    });
  }
}

const base = { rows: 2, created: 0, updated: 0, errors: [], errorCount: 0, invalidRows: 0, imported: false };
const columns = [
  { header: 'Item', key: null },
  { header: 'Marca', key: 'brand' },
];

describe("'Importar planilha'", () => {
  beforeEach(() => {
    sent.length = 0;
  });

  it('previews the file, maps an unmatched column, lists the errors, and imports the good lines when told to', async () => {
    const errors = [{ line: 3, column: 'Preço de venda', message: 'Informe o preço de venda' }];
    answers(
      {
        ...base,
        created: 0,
        errors: [{ line: 2, column: 'Nome', message: 'Informe o nome do produto' }],
        errorCount: 2,
        invalidRows: 2,
        columns,
      },
      {
        ...base,
        created: 1,
        errors,
        errorCount: 1,
        invalidRows: 1,
        columns: [{ header: 'Item', key: 'name' }, columns[1] as never],
      },
      {
        ...base,
        created: 1,
        errors,
        errorCount: 1,
        invalidRows: 1,
        imported: true,
        columns: [{ header: 'Item', key: 'name' }, columns[1] as never],
      },
    );
    const onImported = vi.fn();
    renderPage(<ImportDialog kind="products" open onClose={() => {}} onImported={onImported} />);
    const dialog = await screen.findByRole('dialog', { name: 'Importar produtos de uma planilha' });

    const file = new File(['Item;Marca\n'], 'produtos.csv', { type: 'text/csv' });
    await userEvent.upload(within(dialog).getByTestId('import-file'), file);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      path: '/imports/products?dryRun=true&skipInvalid=false&createMissing=true',
      mapping: {},
      fileName: 'produtos.csv',
    });
    expect(await within(dialog).findByText('Informe o nome do produto')).toBeTruthy();

    // "Item" was not recognised: map it to 'Nome' and preview again.
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Coluna "Item"' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Nome' }));
    expect((within(dialog).getByRole('button', { name: 'Importar' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pré-visualizar' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.mapping).toEqual({ Item: 'name' });

    const table = await within(dialog).findByRole('table', { name: 'Erros encontrados' });
    const cells = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['Linha', 'Coluna', 'Mensagem'],
      ['3', 'Preço de venda', 'Informe o preço de venda'],
    ]);
    expect(within(dialog).getByRole('status').textContent).toContain('2 linhas: 1 novo, 0 atualizados, 1 com erro.');
    // A file with errors is not imported until 'Ignorar linhas com erro' is checked.
    const importButton = within(dialog).getByRole('button', { name: 'Importar' }) as HTMLButtonElement;
    expect(importButton.disabled).toBe(true);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Ignorar linhas com erro' }));
    expect(importButton.disabled).toBe(false);

    await userEvent.click(importButton);
    const confirm = await screen.findByRole('dialog', { name: 'Importar' });
    expect(confirm.textContent).toContain('1 cadastro novo e 0 atualizações? Confirma operação?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Importar' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]?.path).toBe('/imports/products?dryRun=false&skipInvalid=true&createMissing=true');
    expect(await within(dialog).findByText('Importação concluída: 1 criado, 0 atualizados.')).toBeTruthy();
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it("says the server's refusal (a file that is not a spreadsheet)", async () => {
    const { ApiError } = await import('../lib/api-client');
    upload.mockReset();
    upload.mockRejectedValueOnce(new ApiError(400, ['Não foi possível ler a planilha: envie um CSV ou um XLSX.']));
    renderPage(<ImportDialog kind="customers" open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Importar clientes de uma planilha' });
    expect(within(dialog).queryByText('Criar marcas e referências que ainda não existem')).toBeNull();
    await userEvent.upload(within(dialog).getByTestId('import-file'), new File(['x'], 'planilha.xlsx'));
    expect(await within(dialog).findByText('Não foi possível ler a planilha: envie um CSV ou um XLSX.')).toBeTruthy();
  });
});
