import { screen, within } from '@testing-library/react';
import { EmitNoteDialog } from '../../components/fiscal/emit-note-dialog';
import { AUTHORIZED as NOTE_AUTHORIZED, pageOf as notePage } from '../../components/fiscal/test-data';
import { CancelNoteDialog } from '../../features/fiscal-notes/components/cancel-dialog';
import { CorrectionDialog } from '../../features/fiscal-notes/components/correction-dialog';
import { EmailNoteDialog } from '../../features/fiscal-notes/components/email-dialog';
import FiscalNotesPage from '../../features/fiscal-notes/pages/fiscal-notes-page';
import { BrandsPanel } from '../../features/products/components/brands-panel';
import { UnitCountDialog } from '../../features/products/components/unit-count-dialog';
import { UnitLookupDialog } from '../../features/products/components/unit-lookup-dialog';
import ProductsPage from '../../features/products/pages/products-page';
import { makeProduct } from '../../features/products/test-data';
import SellingPage from '../../features/selling/pages/selling-page';
import { CAPA as CAPA_FOR_SALE, fakeSellingServer, JOANA, PELICULA } from '../../features/selling/test-data';
import type { MockCall } from '../render';
import { makeUnit } from '../units';
import { fieldValue, type Routes, selectRow, UntilClosed, type WritingDialogCase } from './case';

/** The writing dialogs of 'Produtos' (stock entry, brands, IMEIs), the selling page's quantity and the fiscal notes. */

/** A phone counted by IMEI: 490154203237518 and 352099081234565 (Luhn by hand: 8, 5) in stock, both read. */
const CAPA = makeProduct({ id: 1, code: 'P100001', name: 'Capa Silicone', stock: 0 });
const MOTO_G54 = makeProduct({ id: 31, code: 'P100031', name: 'Moto G54', stock: 2, serialized: true });
const COUNTED = {
  product: { id: 31, code: 'P100031', name: 'Moto G54' },
  dryRun: true,
  written: false,
  unitsInStock: 2,
  heldByOrders: 0,
  found: 2,
  missing: [],
  unknown: [],
  stockBefore: 2,
  stockAfter: 2,
};

/** The selling page with Joana's empty cart, the Capa found by 'capa' (the quantity dialog's screen). */
const sellingScreen = () => {
  const server = fakeSellingServer();
  const search = (text: string) =>
    `GET /api/shop/products/full/search/${text}/email/${encodeURIComponent(JOANA.email)}`;
  return {
    element: <SellingPage />,
    path: '/admin/selling',
    permissions: ['bo:manage:internal_sales'],
    reads: {
      'GET /api/customers': { body: { customers: [JOANA], total: 1 } },
      [search('capa')]: { body: { products: [CAPA_FOR_SALE] } },
      [search('vidro')]: { body: { products: [PELICULA] } },
      [`GET /api/orders/pre/checkout/${JOANA.id}`]: (call: MockCall) => ({ body: server.preCheckout(call) }),
    } satisfies Routes,
  };
};

/** A phone returned by its customer, in analysis (490154203237518: Luhn by hand, 8), and the same released. */
const RETURNED_UNIT = makeUnit({
  imei: '490154203237518',
  product: { id: 31, code: 'P100031', name: 'Moto G54' },
  status: 'RETURNED',
});

export const PRODUCT_AND_FISCAL_DIALOGS: WritingDialogCase[] = [
  {
    files: ['features/products/components/unit-count-dialog.tsx'],
    dialog: 'Contagem por IMEI: Moto G54',
    write: 'POST /api/products/P100031/count-units',
    isWrite: (call) => call.url.includes('dryRun=false'),
    done: { data: { ...COUNTED, dryRun: false, written: true } },
    screen: () => ({
      element: (
        <UntilClosed dialog={(close) => <UnitCountDialog product={MOTO_G54} onClose={close} scanner={() => null} />} />
      ),
      permissions: ['bo:manage:products'],
      reads: { 'POST /api/products/P100031/count-units': { body: { data: COUNTED } } },
    }),
    open: async () => undefined,
    fill: async (user, dialog) => {
      await user.type(within(dialog).getByLabelText(/^IMEIs/), '490154203237518\n352099081234565');
      await user.click(within(dialog).getByRole('button', { name: 'Conferir' }));
      await within(dialog).findByRole('region', { name: 'Resultado da conferência' });
    },
    typed: (dialog) => fieldValue(dialog, /^IMEIs/),
    submit: 'Confirmar',
  },
  {
    files: ['features/products/components/stock-entry-dialog.tsx'],
    dialog: 'Informar entrada do produto Capa Silicone',
    write: 'PATCH /api/products/menu/purchase/batch',
    done: { data: [{ ...CAPA, stock: 12 }] },
    screen: () => ({
      element: <ProductsPage />,
      path: '/admin/products',
      permissions: ['bo:manage:products'],
      reads: {
        'GET /api/products/list': { body: { items: [CAPA], page: 0, total: 1 } },
        'GET /api/products/archiveds': { body: { data: [] } },
        'GET /api/products/brands': { body: { data: [{ name: 'Apple', references: [] }] } },
        'GET /api/products/references': { body: { data: [] } },
        'GET /api/products/sources': { body: { data: [{ key: 'SUPPLIER_PURCHASE', name: 'Compra de fornecedor' }] } },
      },
    }),
    open: async (user) => {
      await selectRow(user, 'Capa Silicone');
      await user.click(screen.getByRole('button', { name: 'Informar Entrada' }));
    },
    fill: async (user, dialog) => {
      const quantity = within(dialog).getByLabelText(/^Quantidade/);
      await user.clear(quantity);
      await user.type(quantity, '12');
    },
    typed: (dialog) => fieldValue(dialog, /^Quantidade/),
    submit: 'Alterar',
  },
  {
    files: ['features/products/components/brands-panel.tsx'],
    dialog: 'Adicionar Marca',
    write: 'POST /api/products/brand',
    done: { data: { name: 'Xiaomi', references: [] } },
    screen: () => ({
      element: <BrandsPanel brands={[{ name: 'Apple', references: [] }]} loading={false} onClose={() => undefined} />,
      permissions: ['bo:manage:products'],
      reads: {},
    }),
    open: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Adicionar Marca' }));
    },
    fill: (user, dialog) => user.type(within(dialog).getByLabelText(/^Nome/), 'Xiaomi'),
    typed: (dialog) => fieldValue(dialog, /^Nome/),
    submit: 'Adicionar',
  },
  {
    files: ['features/selling/components/quantity-dialog.tsx', 'features/selling/components/product-search-step.tsx'],
    dialog: 'Alterar quantidade',
    write: `POST /api/orders/cart/add/${JOANA.id}`,
    done: { message: 'Produto adicionado com sucesso', cart: fakeSellingServer().cart() },
    screen: sellingScreen,
    open: async (user) => {
      await user.type(await screen.findByLabelText('Pesquisar cliente por nome ou email'), 'joana{Enter}');
      await user.click(await screen.findByText(JOANA.name));
      await screen.findByText('Cliente selecionado:');
      await user.type(screen.getByLabelText('Pesquisar produto por nome, tag, referencia ou marca'), 'capa{Enter}');
      await user.click(await screen.findByRole('button', { name: `Adicionar ${CAPA_FOR_SALE.name}` }));
    },
    fill: (user, dialog) => user.click(within(dialog).getByRole('button', { name: 'Aumentar quantidade' })),
    typed: (dialog) => fieldValue(dialog, /^Quantidade selecionada/),
    submit: 'Adicionar',
  },
  {
    files: ['features/products/components/unit-lookup-dialog.tsx'],
    dialog: 'Consultar IMEI',
    write: 'POST /api/units/490154203237518/release',
    done: { data: { ...RETURNED_UNIT, status: 'IN_STOCK' } },
    screen: () => ({
      element: <UntilClosed dialog={(close) => <UnitLookupDialog open onClose={close} />} />,
      permissions: ['bo:manage:products'],
      reads: { 'GET /api/units/490154203237518': { body: { data: RETURNED_UNIT } } },
    }),
    open: async () => undefined,
    fill: async (user, dialog) => {
      await user.type(within(dialog).getByLabelText('IMEI'), '490154203237518');
      await user.click(within(dialog).getByRole('button', { name: 'Consultar' }));
      await within(dialog).findByRole('region', { name: 'Aparelho 490154203237518' });
    },
    typed: (dialog) => [fieldValue(dialog, /^IMEI/), within(dialog).getByText('Devolvido/em análise').textContent],
    submit: 'Liberar para o estoque',
    result: 'Em estoque',
  },
  {
    files: ['components/fiscal/emit-note-dialog.tsx'],
    dialog: 'Nota fiscal do pedido K7M-2Q9',
    write: 'POST /api/fiscal/notes',
    done: { data: NOTE_AUTHORIZED },
    screen: () => ({
      element: (
        <UntilClosed
          dialog={(close) => (
            <EmitNoteDialog orderId={41} code="K7M-2Q9" customerDocument="529.982.247-25" onClose={close} />
          )}
        />
      ),
      permissions: ['bo:manage:orders', 'bo:manage:invoices'],
      reads: { 'GET /api/fiscal/notes': { body: notePage([]) } },
    }),
    open: async () => undefined,
    // A consumer's order (CPF): the NFC-e is suggested, the NF-e picked.
    fill: async (user, dialog) => user.click(await within(dialog).findByRole('radio', { name: /^NF-e/ })),
    typed: (dialog) =>
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).checked),
    submit: 'Emitir',
    result: 'Nota nº 12 autorizada.',
  },
  {
    files: ['features/fiscal-notes/components/cancel-dialog.tsx'],
    dialog: 'Cancelar a NF-e nº 12 · série 1',
    write: 'POST /api/fiscal/notes/7/cancel',
    done: { data: { ...NOTE_AUTHORIZED, status: 'CANCELLED' } },
    screen: () => ({
      element: <UntilClosed dialog={(close) => <CancelNoteDialog note={NOTE_AUTHORIZED} onClose={close} />} />,
      permissions: ['bo:manage:invoices'],
      reads: {},
    }),
    open: async () => undefined,
    fill: (user, dialog) => user.type(within(dialog).getByLabelText(/^Motivo/), 'Cliente desistiu da compra'),
    typed: (dialog) => fieldValue(dialog, /^Motivo/),
    submit: 'Cancelar nota',
  },
  {
    files: ['features/fiscal-notes/components/correction-dialog.tsx'],
    dialog: 'Carta de correção da NF-e nº 12 · série 1',
    write: 'POST /api/fiscal/notes/7/correction',
    done: { data: NOTE_AUTHORIZED },
    screen: () => ({
      element: <UntilClosed dialog={(close) => <CorrectionDialog note={NOTE_AUTHORIZED} onClose={close} />} />,
      permissions: ['bo:manage:invoices'],
      reads: {},
    }),
    open: async () => undefined,
    fill: (user, dialog) =>
      user.type(within(dialog).getByLabelText(/^Correção/), 'Complemento do endereço: Loja 3, não Loja 8.'),
    typed: (dialog) => fieldValue(dialog, /^Correção/),
    submit: 'Registrar carta',
  },
  {
    files: ['features/fiscal-notes/components/email-dialog.tsx'],
    dialog: 'Enviar a NF-e nº 12 · série 1 por e-mail',
    write: 'POST /api/fiscal/notes/7/email',
    done: { data: { to: 'contador@escritorio.com.br' } },
    screen: () => ({
      element: <UntilClosed dialog={(close) => <EmailNoteDialog note={NOTE_AUTHORIZED} onClose={close} />} />,
      permissions: ['bo:manage:invoices'],
      reads: {},
    }),
    open: async () => undefined,
    fill: (user, dialog) => user.type(within(dialog).getByLabelText(/^E-mail/), 'contador@escritorio.com.br'),
    typed: (dialog) => fieldValue(dialog, /^E-mail/),
    submit: 'Enviar',
  },
  {
    files: ['features/fiscal-notes/components/voiding-dialog.tsx'],
    dialog: 'Inutilizar números',
    write: 'POST /api/fiscal/voidings',
    done: {
      data: {
        id: 1,
        model: 55,
        series: 1,
        from: 5,
        to: 7,
        reason: 'Números pulados por falha no sistema',
        statusCode: 102,
        statusReason: 'Inutilização de número homologado',
        protocol: '135260000000077',
        createdAt: '2026-11-24T19:00:00.000Z',
      },
    },
    screen: () => ({
      element: <FiscalNotesPage />,
      path: '/admin/fiscal-notes',
      permissions: ['bo:manage:invoices'],
      reads: { 'GET /api/fiscal/notes': { body: notePage([]) } },
    }),
    open: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Inutilizar números' }));
    },
    fill: async (user, dialog) => {
      await user.type(within(dialog).getByLabelText(/^Do número/), '5');
      await user.type(within(dialog).getByLabelText(/^Até o número/), '7');
      await user.type(within(dialog).getByLabelText(/^Motivo/), 'Números pulados por falha no sistema');
    },
    typed: (dialog) => [
      fieldValue(dialog, /^Do número/),
      fieldValue(dialog, /^Até o número/),
      fieldValue(dialog, /^Motivo/),
    ],
    submit: 'Inutilizar',
  },
];
