import { z } from 'zod';
import { ADJUSTMENT_KIND_LABELS, type AdjustmentKind, describeAdjustmentDifference } from './adjustments';
import { formatBusinessDate } from './clock';
import { CUSTOMER_LEVEL_LABELS, CUSTOMER_STATUS_LABELS } from './customers';
import { EMPLOYEE_FUNC_LABELS, type EmployeeFunc } from './employees';
import { productOriginLabel } from './fiscal';
import { formatBRL } from './money';
import {
  DELIVERY_TYPE_LABELS,
  type DeliveryType,
  ORDER_ACTION_LABELS,
  ORDER_STATUS_LABELS,
  type OrderAction,
  type OrderStatusKey,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from './order-status';
import { pageQueryParams } from './paging';
import { businessDateTime } from './period';
import { isPermissionKey, PERMISSION_LABELS } from './permissions';
import { BANK_SETTING_TYPE_LABELS, type BankSettingType, PIX_KEY_TYPE_LABELS, type PixKeyType } from './settings';

/**
 * "Histórico de alterações" (issue 20 §3): the audit trail of one record, read by GET /audit. THE one place
 * where each entity's stored change fields get their Portuguese label and their formatted value (money,
 * levels, dates, booleans, permissions, names); the API applies it, the web shows the strings.
 */

/** The entities a history can be asked for (the query's `entity`), and the name the audit rows store. */
export const AUDIT_ENTITIES = {
  customer: 'customer',
  product: 'product',
  employee: 'employee',
  role: 'role',
  'bank-setting': 'bank_setting',
  order: 'order',
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITIES;
export const AUDIT_ENTITY_NAMES = Object.keys(AUDIT_ENTITIES) as AuditEntity[];

export const AUDIT_PAGING = { defaultItems: 10, maxItems: 100 } as const;

export const AUDIT_TEXTS = {
  title: 'Histórico de alterações',
  entityInvalid: `Tipo de registro inválido: use ${AUDIT_ENTITY_NAMES.join(', ')}.`,
  idRequired: 'Informe o registro (id).',
  pageInvalid: 'Página inválida: informe um número inteiro a partir de 0.',
  itemsInvalid: `Itens por página inválidos: informe de 1 a ${AUDIT_PAGING.maxItems}.`,
  forbidden: 'Você não tem permissão para ver o histórico deste registro.',
  empty: 'Nenhuma alteração registrada.',
  system: 'Sistema',
  yes: 'Sim',
  no: 'Não',
  none: '—',
} as const;

const auditPaging = pageQueryParams(AUDIT_TEXTS, { maxPage: 1_000_000, maxItems: AUDIT_PAGING.maxItems });
export const auditQuerySchema = z.object({
  entity: z.enum(AUDIT_ENTITY_NAMES as [AuditEntity, ...AuditEntity[]], { error: AUDIT_TEXTS.entityInvalid }),
  id: z
    .string({ error: AUDIT_TEXTS.idRequired })
    .trim()
    .min(1, AUDIT_TEXTS.idRequired)
    .max(100, AUDIT_TEXTS.idRequired),
  page: auditPaging.page.optional(),
  items: auditPaging.items.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditChangeSchema = z.object({ field: z.string(), from: z.string(), to: z.string() });
export const auditEntrySchema = z.object({
  /** The audit row's number (stable key of the entry). */
  id: z.number().int(),
  /** ISO instant of the change. */
  at: z.string(),
  /** Who did it; null when the system (the bank's webhook, a removed employee). */
  employee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The action's Portuguese name. */
  action: z.string(),
  changes: z.array(auditChangeSchema),
});
export const auditPageSchema = z.object({ data: z.array(auditEntrySchema), total: z.number().int() });
export type AuditChange = z.infer<typeof auditChangeSchema>;
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export type AuditPage = z.infer<typeof auditPageSchema>;

/**
 * How a stored value reads. `employee`/`role`/`customer` are ids, and the products inside `items` and
 * `stockReleased` too, that the API resolves to names first (at reading: old rows read the same); `source` is
 * a product source's key, read by its name.
 */
type FieldKind =
  | 'text'
  | 'number'
  | 'money'
  | 'percent'
  | 'boolean'
  | 'date'
  | 'dateTime'
  | 'level'
  | 'customerStatus'
  | 'orderStatus'
  | 'permissions'
  | 'employee'
  | 'role'
  | 'customer'
  | 'func'
  | 'payment'
  | 'deliveryType'
  | 'bankType'
  | 'pixType'
  | 'list'
  | 'items'
  | 'stockReleased'
  | 'discount'
  | 'source'
  | 'icmsOrigin'
  | 'adjustmentKind'
  | 'differenceCents';

interface FieldRule {
  label: string;
  kind: FieldKind;
  /** Left out when the same row also stores this field (which says the same, better). */
  shadowedBy?: string;
}
const f = (label: string, kind: FieldKind = 'text', shadowedBy?: string): FieldRule =>
  shadowedBy ? { label, kind, shadowedBy } : { label, kind };

/** Fields never shown, whatever the entity (secrets and internal references). */
const HIDDEN_FIELDS = new Set([
  'password',
  'password_hash',
  'passwordHash',
  'token',
  'secret',
  'movementId',
  'search_text',
  'id',
  'created_at',
  'updated_at',
  // An exchange's or return's registration key (a UUID): the action and its items say what it was.
  'registration',
]);

/** Each entity's stored fields: label and kind. A field missing here shows its stored name, as text. */
export const AUDIT_FIELDS: Record<AuditEntity, Record<string, FieldRule>> = {
  customer: {
    line: f('Linha da planilha'),
    approve: f('Aprovado', 'boolean'),
    name: f('Nome'),
    email: f('E-mail'),
    phone: f('Telefone'),
    document: f('Documento'),
    stateRegistration: f('Inscrição estadual'),
    street: f('Rua'),
    number: f('Número'),
    complement: f('Complemento'),
    neighborhood: f('Bairro'),
    zipCode: f('CEP'),
    city: f('Cidade'),
    state: f('Estado'),
    status: f('Situação', 'customerStatus'),
    level: f('Nível', 'level'),
    shippingCost: f('Frete', 'money'),
    warrantyPercentage: f('Garantia', 'percent'),
    fastDeliveryTax: f('Taxa de entrega rápida', 'money'),
    delivererId: f('Motoboy', 'employee'),
    deliverer: f('Motoboy', 'text', 'delivererId'),
    statusNote: f('Motivo'),
    approvedBy: f('Aprovado por', 'employee'),
  },
  product: {
    line: f('Linha da planilha'),
    code: f('Código'),
    name: f('Nome'),
    description: f('Descrição'),
    brand: f('Marca'),
    reference: f('Referência'),
    cost: f('Custo', 'money'),
    sellPrice: f('Preço de venda', 'money'),
    goldPercentage: f('Percentual Ouro', 'percent'),
    silverPercentage: f('Percentual Prata', 'percent'),
    bronzePercentage: f('Percentual Bronze', 'percent'),
    discount: f('Percentuais por nível', 'discount'),
    stock: f('Estoque', 'number'),
    stockAlert: f('Alerta de estoque', 'number'),
    tags: f('Etiquetas', 'list'),
    serialized: f('Controla IMEI', 'boolean'),
    warrantyMonths: f('Garantia (meses)', 'number'),
    used: f('Seminovo', 'boolean'),
    grade: f('Grau do seminovo'),
    barcode: f('Código de barras'),
    ncm: f('NCM'),
    cest: f('CEST'),
    unit: f('Unidade comercial'),
    origin: f('Origem (ICMS)', 'icmsOrigin'),
    images: f('Imagens', 'number'),
    imeis: f('IMEIs', 'list'),
    quantity: f('Quantidade', 'number'),
    entryUnitCost: f('Custo unitário da entrada', 'money'),
    source: f('Operação', 'source'),
    /** The supplier's note an entry by XML came by (issue 54 §8). */
    nfe: f('NF-e'),
    writtenOff: f('IMEIs baixados', 'list'),
  },
  employee: {
    name: f('Nome'),
    email: f('E-mail'),
    phone: f('Telefone'),
    document: f('Documento'),
    func: f('Função', 'func'),
    roleId: f('Regra de acesso', 'role'),
    blocked: f('Bloqueado', 'boolean'),
  },
  role: {
    name: f('Nome'),
    permissions: f('Permissões', 'permissions'),
    maxDiscountPercentage: f('Desconto máximo na venda', 'percent'),
  },
  'bank-setting': {
    name: f('Nome'),
    type: f('Tipo', 'bankType'),
    bank: f('Banco'),
    agency: f('Agência'),
    account: f('Conta'),
    cnpj: f('CNPJ'),
    pix_type: f('Tipo da chave Pix', 'pixType'),
    pix_key: f('Chave Pix'),
    disabled: f('Desativado', 'boolean'),
  },
  order: {
    status: f('Status', 'orderStatus'),
    customerId: f('Cliente', 'customer'),
    payment: f('Pagamento', 'payment'),
    typeOfDelivery: f('Tipo de entrega', 'deliveryType'),
    withWarranty: f('Com garantia', 'boolean'),
    isFastDelivery: f('Entrega rápida', 'boolean'),
    items: f('Itens', 'items'),
    total: f('Total', 'money'),
    discount: f('Desconto', 'money'),
    receiptAttached: f('Comprovante anexado', 'boolean'),
    stockerId: f('Estoquista', 'employee'),
    delivererId: f('Motoboy', 'employee'),
    packagingPhotos: f('Fotos da embalagem', 'number'),
    units: f('IMEIs', 'list'),
    proofEndToEndId: f('ID da transação do comprovante'),
    deliveredAt: f('Entregue em', 'dateTime'),
    receiverName: f('Recebido por'),
    receiverDocument: f('Documento de quem recebeu'),
    stockReleased: f('Estoque devolvido', 'stockReleased'),
    note: f('Observação'),
    kind: f('Tipo', 'adjustmentKind'),
    differenceCents: f('Diferença', 'differenceCents'),
    /** A payment part (issue 38) in words, as its history line says it. */
    paymentPart: f('Parte do pagamento'),
    cardOnDelivery: f('Levar maquininha', 'boolean'),
    /** 'Troco para' of a cash order (the order's edit, decision 0044). */
    changeFor: f('Troco para', 'money'),
  },
};

/** Portuguese names of the stored actions (order moves by the workflow's own names). */
const ACTION_LABELS: Record<string, string> = {
  create: 'Cadastro',
  update: 'Alteração',
  edit: 'Edição',
  delete: 'Remoção',
  approve: 'Aprovação',
  reprove: 'Reprovação',
  block: 'Bloqueio',
  unblock: 'Desbloqueio',
  'associate-deliverer': 'Associação de motoboy',
  'stock-entry': 'Entrada de mercadoria',
  'nfe-entry': 'Entrada por XML (NF-e)',
  inventory: 'Inventário',
  archive: 'Arquivamento',
  unarchive: 'Desarquivamento',
  image: 'Imagem adicionada',
  set_password: 'Definição de senha',
  change_password: 'Troca de senha',
  changeDeliverer: 'Troca de motoboy',
  changeDiscount: 'Desconto alterado',
  // PATCH /orders/{id} (issue 38 §5, decision 0044): lines, delivery, warranty or discounts changed before separation.
  editOrder: 'Pedido alterado',
  changeFastDeliverer: 'Troca de motoboy (entrega imediata)',
  assignToRun: 'Incluído na saída do motoboy',
  registerExchange: 'Troca registrada',
  registerReturn: 'Devolução registrada',
  'privacy-export': 'Exportação dos dados (LGPD)',
  anonymise: 'Anonimização dos dados (LGPD)',
  'import-create': 'Cadastro por planilha',
  // A customer registered by staff (POST /customers, issue 38): approved at once.
  register: 'Cadastro pela equipe',
  'import-update': 'Alteração por planilha',
  addPayment: 'Pagamento registrado',
  refusePayment: 'Pagamento recusado',
  reversePayment: 'Pagamento estornado',
};

export function auditActionLabel(entity: AuditEntity, action: string): string {
  if (entity === 'order' && action in ORDER_ACTION_LABELS) return ORDER_ACTION_LABELS[action as OrderAction];
  return ACTION_LABELS[action] ?? action;
}

/** Names the API looked up for the ids (and source keys) the changes hold. */
export interface AuditNames {
  employees: ReadonlyMap<number, string>;
  roles: ReadonlyMap<number, string>;
  customers: ReadonlyMap<number, string>;
  products: ReadonlyMap<number, string>;
  /** A product source's name by its key ('SUPPLIER_PURCHASE' → 'Compra de fornecedor'). */
  sources: ReadonlyMap<string, string>;
}

/** An item of an order's placing or of an exchange or return, as stored (prices in reais). */
interface StoredItem {
  productId?: number;
  quantity?: number;
  /** The price of a unit (on a placing); on an exchange or return, the price paid (rows since issue 35). */
  unitPrice?: number | null;
  imei?: string | null;
  /** An exchange: the product given instead (absent: the same product). */
  replacementProductId?: number | null;
  replacementImei?: string | null;
  replacementUnitPrice?: number | null;
}

const itemsOf = (value: unknown): StoredItem[] =>
  Array.isArray(value) ? value.filter((item): item is StoredItem => item !== null && typeof item === 'object') : [];

/** The ids of each kind a list of stored changes refers to, for the API to look their names up. */
export function auditReferences(entity: AuditEntity, stored: Array<Record<string, unknown>>) {
  const ids = {
    employees: new Set<number>(),
    roles: new Set<number>(),
    customers: new Set<number>(),
    products: new Set<number>(),
    sources: new Set<string>(),
  };
  const target = { employee: ids.employees, role: ids.roles, customer: ids.customers } as const;
  const product = (id: unknown) => {
    if (typeof id === 'number') ids.products.add(id);
  };
  for (const changes of stored) {
    for (const [field, value] of Object.entries(changes)) {
      const kind = AUDIT_FIELDS[entity][field]?.kind;
      const values = isFromTo(value) ? [value.from, value.to] : [value];
      if (kind === 'items' || kind === 'stockReleased') {
        for (const item of values.flatMap(itemsOf)) {
          product(item.productId);
          product(item.replacementProductId);
        }
      } else if (kind === 'source') {
        for (const v of values) if (typeof v === 'string') ids.sources.add(v);
      } else if (kind === 'employee' || kind === 'role' || kind === 'customer') {
        for (const v of values) if (typeof v === 'number') target[kind].add(v);
      }
    }
  }
  return {
    employees: [...ids.employees],
    roles: [...ids.roles],
    customers: [...ids.customers],
    products: [...ids.products],
    sources: [...ids.sources],
  };
}

function isFromTo(value: unknown): value is { from: unknown; to: unknown } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 2 && keys.includes('from') && keys.includes('to');
}

const NUMBER = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 6 });

/** What a formatted value may need besides the names: the action (an exchange's items read differently). */
interface FormatContext {
  action: string;
  names: AuditNames;
}

/** A product by its name ('produto nº 39' only if it no longer exists). */
const productName = (id: number | null | undefined, names: AuditNames) =>
  (typeof id === 'number' ? names.products.get(id) : undefined) ?? `produto nº ${id ?? '?'}`;

const withImei = (text: string, imei: string | null | undefined) => (imei ? `${text} (IMEI ${imei})` : text);
const atPrice = (text: string, price: number | null | undefined) =>
  typeof price === 'number' ? `${text} a ${formatBRL(price)}` : text;

/**
 * One item: '2 × Capa Azul a R$ 19,90'; an exchange's: '1 × Celular X (IMEI …) a R$ 3.118,50, trocado por
 * Celular Y (IMEI …) a R$ 3.200,00' (the same product unless another is named). A price not stored (an
 * exchange or return recorded before issue 35) is left out, never shown as R$ 0,00.
 */
function formatItem(item: StoredItem, { action, names }: FormatContext): string {
  const back = atPrice(
    withImei(`${item.quantity ?? '?'} × ${productName(item.productId, names)}`, item.imei),
    item.unitPrice,
  );
  if (action !== 'registerExchange') return back;
  const given = productName(item.replacementProductId ?? item.productId, names);
  return `${back}, trocado por ${atPrice(withImei(given, item.replacementImei), item.replacementUnitPrice)}`;
}

function formatValue(kind: FieldKind, value: unknown, context: FormatContext): string {
  const { names } = context;
  if (value === null || value === undefined || value === '') return AUDIT_TEXTS.none;
  const named = (map: ReadonlyMap<number, string>) =>
    typeof value === 'number' ? (map.get(value) ?? `nº ${value}`) : String(value);
  switch (kind) {
    case 'money':
      return typeof value === 'number' ? formatBRL(value) : String(value);
    case 'percent':
      return typeof value === 'number' ? `${NUMBER.format(value)} %` : String(value);
    case 'number':
      return typeof value === 'number' ? NUMBER.format(value) : String(value);
    case 'boolean':
      return value ? AUDIT_TEXTS.yes : AUDIT_TEXTS.no;
    case 'date': {
      const date = new Date(String(value));
      return Number.isNaN(date.getTime()) ? String(value) : formatBusinessDate(date);
    }
    case 'dateTime': {
      const date = new Date(String(value));
      return Number.isNaN(date.getTime()) ? String(value) : businessDateTime(date);
    }
    case 'level':
      return CUSTOMER_LEVEL_LABELS[Number(value)] || 'Sem nível';
    case 'customerStatus': {
      const key =
        `${String(value).charAt(0)}${String(value).slice(1).toLowerCase()}` as keyof typeof CUSTOMER_STATUS_LABELS;
      return CUSTOMER_STATUS_LABELS[key] ?? String(value);
    }
    case 'orderStatus':
      return ORDER_STATUS_LABELS[Number(value) as OrderStatusKey] ?? String(value);
    case 'permissions':
      return Array.isArray(value)
        ? value
            .map((key: unknown) => {
              const text = String(key);
              return isPermissionKey(text) ? PERMISSION_LABELS[text] : text;
            })
            .join(', ') || AUDIT_TEXTS.none
        : String(value);
    case 'employee':
      return named(names.employees);
    case 'role':
      return named(names.roles);
    case 'customer':
      return named(names.customers);
    case 'func':
      return EMPLOYEE_FUNC_LABELS[Number(value) as EmployeeFunc] ?? String(value);
    case 'payment':
      return PAYMENT_METHOD_LABELS[value as PaymentMethod] ?? String(value);
    case 'deliveryType':
      return DELIVERY_TYPE_LABELS[Number(value) as DeliveryType] ?? String(value);
    case 'bankType':
      return BANK_SETTING_TYPE_LABELS[value as BankSettingType] ?? String(value);
    case 'pixType':
      return PIX_KEY_TYPE_LABELS[value as PixKeyType] ?? String(value);
    case 'list':
      return Array.isArray(value) ? value.map(String).join(', ') || AUDIT_TEXTS.none : String(value);
    case 'items':
      return Array.isArray(value)
        ? itemsOf(value)
            .map((item) => formatItem(item, context))
            .join('; ') || AUDIT_TEXTS.none
        : String(value);
    case 'stockReleased':
      return Array.isArray(value)
        ? value
            .map(
              (m: { productId?: number; from?: number; to?: number }) =>
                `${productName(m.productId, names)}: ${m.from} → ${m.to}`,
            )
            .join('; ')
        : String(value);
    case 'discount': {
      const d = value as { goldPercentage?: number; silverPercentage?: number; bronzePercentage?: number };
      const pct = (n: number | undefined) => `${NUMBER.format(n ?? 0)} %`;
      return typeof value === 'object'
        ? [d.goldPercentage, d.silverPercentage, d.bronzePercentage]
            .map((n, i) => `${CUSTOMER_LEVEL_LABELS[i + 1]} ${pct(n)}`)
            .join(', ')
        : String(value);
    }
    case 'source':
      return names.sources.get(String(value)) ?? String(value);
    case 'icmsOrigin':
      return typeof value === 'number' ? productOriginLabel(value) : String(value);
    case 'adjustmentKind':
      return ADJUSTMENT_KIND_LABELS[value as AdjustmentKind] ?? String(value);
    case 'differenceCents':
      return typeof value === 'number' ? describeAdjustmentDifference(value) : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/**
 * One audit row's stored changes as the history shows them: a `{ from, to }` pair as is; a plain value is
 * what the record got (a creation, an extra of the action) or, on a removal, what it had. Secrets and
 * internal references never appear; unchanged pairs are left out.
 */
export function formatAuditChanges(
  entity: AuditEntity,
  action: string,
  stored: Record<string, unknown>,
  names: AuditNames,
): AuditChange[] {
  const rules = AUDIT_FIELDS[entity];
  const context: FormatContext = { action, names };
  const out: AuditChange[] = [];
  for (const [field, value] of Object.entries(stored)) {
    if (HIDDEN_FIELDS.has(field) || /password|secret|token/i.test(field)) continue;
    const rule = rules[field] ?? f(field);
    if (rule.shadowedBy !== undefined && rule.shadowedBy in stored) continue;
    let from: unknown = null;
    let to: unknown = value;
    if (isFromTo(value)) ({ from, to } = value);
    else if (action === 'delete') [from, to] = [value, null];
    const shown = {
      field: rule.label,
      from: formatValue(rule.kind, from, context),
      to: formatValue(rule.kind, to, context),
    };
    if (shown.from === shown.to) continue;
    out.push(shown);
  }
  return out;
}
