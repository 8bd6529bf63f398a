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
  key?: string;
}
const sent: Sent[] = [];

/** Answers each upload in turn (checked against the API's schema), recording what was sent. */
function answers(...results: ImportResult[]) {
  sent.length = 0;
  upload.mockReset();
  for (const result of results) {
    upload.mockImplementationOnce(async (...args: Parameters<typeof record>) => {
      record(...args);
      args[2]?.({ loaded: 50, total: 100, sent: false });
      return { data: importResultSchema.parse(result) };
    });
  }
}

/** Notes what an upload sent: its path, mapping, file and `Idempotency-Key`. */
function record(
  path: string,
  form: FormData,
  _onProgress?: (p: UploadProgress) => void,
  headers: Record<string, string> = {},
) {
  sent.push({
    path,
    mapping: JSON.parse(String(form.get('mapping'))) as Record<string, string>,
    fileName: (form.get('file') as File).name,
    ...(headers['Idempotency-Key'] ? { key: headers['Idempotency-Key'] } : {}),
  });
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

  it('confirms with one Idempotency-Key per preview, the same on a retry after a lost answer, a new one after a new preview', async () => {
    const { connectionLost } = await import('../lib/api-client');
    const ready = { ...base, created: 2, columns: [{ header: 'Nome', key: 'name' }] };
    answers(ready);
    upload.mockImplementationOnce(async (...args: Parameters<typeof record>) => {
      record(...args);
      throw connectionLost();
    });
    upload.mockImplementationOnce(async (...args: Parameters<typeof record>) => {
      record(...args);
      return { data: { ...ready, imported: true } };
    });
    upload.mockImplementationOnce(async (...args: Parameters<typeof record>) => {
      record(...args);
      return { data: ready };
    });
    renderPage(<ImportDialog kind="products" open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Importar produtos de uma planilha' });
    await userEvent.upload(within(dialog).getByTestId('import-file'), new File(['Nome\n'], 'produtos.csv'));
    await within(dialog).findByText('2 linhas: 2 novos, 0 atualizados, 0 com erro.');

    const importOnce = async () => {
      await userEvent.click(await within(dialog).findByRole('button', { name: 'Importar' }));
      const confirm = await screen.findByRole('dialog', { name: 'Importar' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Importar' }));
    };
    await importOnce();
    expect(await within(dialog).findByText('Sem conexão com o servidor. Tente novamente.')).toBeTruthy();
    await importOnce();
    expect(await within(dialog).findByText('Importação concluída: 2 criados, 0 atualizados.')).toBeTruthy();
    // The preview sends no key; the confirm and its retry send the same one.
    expect(sent[0]?.key).toBeUndefined();
    expect(sent[1]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[2]?.key).toBe(sent[1]?.key);

    // Another preview of the file is another import: a new key.
    answers(ready, { ...ready, imported: true });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Pré-visualizar' }));
    await within(dialog).findByText('2 linhas: 2 novos, 0 atualizados, 0 com erro.');
    await importOnce();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
  });

  it('keeps the preview after a 503 on the confirm (the database failing over) and sends the same key again', async () => {
    const { ApiError } = await import('../lib/api-client');
    const { DATABASE_UNAVAILABLE_TEXT } = await import('@backoffice/contract');
    const ready = { ...base, created: 2, columns: [{ header: 'Nome', key: 'name' }] };
    answers(ready);
    upload.mockImplementationOnce(async (...args: Parameters<typeof record>) => {
      record(...args);
      throw new ApiError(503, [DATABASE_UNAVAILABLE_TEXT]);
    });
    upload.mockImplementationOnce(async (...args: Parameters<typeof record>) => {
      record(...args);
      return { data: { ...ready, imported: true } };
    });
    renderPage(<ImportDialog kind="products" open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Importar produtos de uma planilha' });
    await userEvent.upload(within(dialog).getByTestId('import-file'), new File(['Nome\n'], 'produtos.csv'));
    await within(dialog).findByText('2 linhas: 2 novos, 0 atualizados, 0 com erro.');
    const importOnce = async () => {
      await userEvent.click(await within(dialog).findByRole('button', { name: 'Importar' }));
      const confirm = await screen.findByRole('dialog', { name: 'Importar' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Importar' }));
    };
    await importOnce();
    await waitFor(() => expect(sent).toHaveLength(2));
    // The same dialog, its preview and its file still there.
    // (once the confirmation has left, the import dialog is the one on screen again)
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Importar produtos de uma planilha' })).toBe(dialog));
    expect(within(dialog).getByText('2 linhas: 2 novos, 0 atualizados, 0 com erro.')).toBeTruthy();
    expect(await within(dialog).findByText(DATABASE_UNAVAILABLE_TEXT)).toBeTruthy();
    await importOnce();
    expect(await within(dialog).findByText('Importação concluída: 2 criados, 0 atualizados.')).toBeTruthy();
    expect(sent[2]?.key).toBe(sent[1]?.key);
    expect(sent[2]?.fileName).toBe('produtos.csv');
  });

  it('offers the columns the file lacks for the columns it did not name as ours, those a new line needs first', async () => {
    answers({
      ...base,
      columns: [
        { header: 'Produto', key: 'name' },
        { header: 'Fabricante', key: 'brand' },
        { header: 'Valor Loja', key: null },
      ],
    });
    renderPage(<ImportDialog kind="products" open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Importar produtos de uma planilha' });
    await userEvent.upload(within(dialog).getByTestId('import-file'), new File(['x'], 'loja.csv'));
    expect(
      await within(dialog).findByText(
        'Colunas que um cadastro novo precisa e que a planilha não tem com esse nome: Preço de compra, Preço de venda. Escolha abaixo a coluna da planilha que traz cada uma.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Coluna "Valor Loja"' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    // Nome and Marca are filled by the file already: not offered.
    expect(options.slice(0, 4)).toEqual(['Ignorar esta coluna', 'Preço de compra', 'Preço de venda', 'Código']);
    expect(options).not.toContain('Nome');
    expect(options).not.toContain('Marca');
    await userEvent.click(screen.getByRole('option', { name: 'Preço de venda' }));
    expect(
      await within(dialog).findByText(
        'Colunas que um cadastro novo precisa e que a planilha não tem com esse nome: Preço de compra. Escolha abaixo a coluna da planilha que traz cada uma.',
      ),
    ).toBeTruthy();
  });

  it("says what each column means, shows each line's prices and the warnings, which do not block the import", async () => {
    const message =
      'Ouro R$ 2,42, Prata R$ 2,52 e Bronze R$ 2,63: menos da metade do preço de venda (R$ 14,90). Os percentuais dos níveis são acréscimos sobre o preço de compra (R$ 2,10), não descontos sobre o de venda.';
    answers({
      ...base,
      rows: 1,
      created: 1,
      columns: [{ header: 'Nome', key: 'name' }],
      warnings: [{ line: 2, column: '% Ouro', message }],
      warningCount: 1,
      prices: [{ line: 2, name: 'Película 3D', cost: 2.1, gold: 2.42, silver: 2.52, bronze: 2.63, retail: 14.9 }],
    });
    renderPage(<ImportDialog kind="products" open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Importar produtos de uma planilha' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'O que cada coluna significa' }));
    const meanings = within(dialog).getByRole('list', { name: 'O que cada coluna significa' });
    const items = within(meanings)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items.find((item) => item?.startsWith('% Prata'))).toContain(
      'Acréscimo sobre o preço de compra para clientes Prata',
    );
    expect(items.find((item) => item?.startsWith('Preço de venda'))).toBe(
      'Preço de venda (obrigatória num cadastro novo)O preço de varejo: o que paga um cliente sem nível.',
    );

    await userEvent.upload(within(dialog).getByTestId('import-file'), new File(['x'], 'peliculas.csv'));
    const prices = await within(dialog).findByRole('table', { name: 'Preços por linha' });
    const cells = within(prices)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['Linha', 'Produto', 'Compra', 'Ouro', 'Prata', 'Bronze', 'Varejo'],
      ['2', 'Película 3D', 'R$ 2,10', 'R$ 2,42', 'R$ 2,52', 'R$ 2,63', 'R$ 14,90'],
    ]);
    const warnings = within(dialog).getByRole('table', { name: 'Avisos' });
    expect(within(warnings).getByRole('row', { name: /menos da metade/ }).textContent).toBe(`2% Ouro${message}`);
    expect(within(dialog).getByRole('status').textContent).toContain(
      '1 aviso sobre os preços: confira antes de importar (não impedem a importação).',
    );
    expect((within(dialog).getByRole('button', { name: 'Importar' }) as HTMLButtonElement).disabled).toBe(false);
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
