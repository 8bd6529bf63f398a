import { z } from 'zod';
import { formatBusinessDateTimeMinutes } from './clock';
import { isValidPhone, onlyDigits } from './documents';
import { formatBRL } from './money';
import {
  ORDER_STATUS,
  ORDER_STATUS_KEYS,
  ORDER_STATUS_LABELS,
  type OrderStatusKey,
  OUT_FOR_DELIVERY_STATUSES,
} from './order-status';

/**
 * 'Enviar pelo WhatsApp' (issue 20 §6): the customer's phone as wa.me wants it, the message of the order's
 * status filled from its template, and the link. One rule, used by every screen that sends one.
 */

/** The placeholders a template may use, with what each becomes. */
export const WHATSAPP_PLACEHOLDERS = {
  cliente: 'Nome do cliente',
  codigo: 'Código do pedido',
  situacao: 'Situação do pedido em palavras do cliente (ex.: "Seu pedido está sendo separado.")',
  status: 'Status do pedido como a loja o chama (ex.: "Aguardando estoquista")',
  total: 'Valor total (R$ 1.234,56)',
  pix: 'Pix copia e cola (enquanto o pagamento não foi feito)',
  entregador: 'Nome do motoboy',
  saida: 'Data e hora da saída para entrega (DD/MM/AAAA HH:mm)',
} as const;
export type WhatsAppPlaceholder = keyof typeof WHATSAPP_PLACEHOLDERS;
export const WHATSAPP_PLACEHOLDER_NAMES = Object.keys(WHATSAPP_PLACEHOLDERS) as WhatsAppPlaceholder[];

export const WHATSAPP_LIMITS = { template: 1000 } as const;

export const WHATSAPP_TEXTS = {
  send: 'Enviar pelo WhatsApp',
  noPhone: 'O cliente não tem um celular válido cadastrado (DDD e número).',
  templateRequired: 'Escreva a mensagem.',
  templateTooLong: `A mensagem pode ter no máximo ${WHATSAPP_LIMITS.template} caracteres.`,
  unknownPlaceholders: (names: readonly string[], valid: readonly string[] = WHATSAPP_PLACEHOLDER_NAMES) =>
    `${names.length === 1 ? 'Marcador desconhecido' : 'Marcadores desconhecidos'}: ${names
      .map((name) => `{${name}}`)
      .join(', ')}. Use apenas ${valid.map((name) => `{${name}}`).join(', ')}.`,
} as const;

/**
 * The quotes' message (issue 38 §4, decision 0043): its own placeholders, filled by the same
 * `fillWhatsAppMessage` as the order statuses' messages and checked by the same `whatsAppTemplateError`.
 */
export const QUOTE_WHATSAPP_PLACEHOLDERS = {
  cliente: 'Nome do cliente (ou de quem pediu, no consumidor final)',
  numero: 'Número do orçamento',
  loja: 'Nome da loja (Configurações da Empresa)',
  itens: 'Uma linha por produto: quantidade, nome e valor com desconto',
  entrega: 'Frete e entrega rápida (R$ 1.234,56; linha omitida quando não há)',
  garantia: 'Garantia (R$ 1.234,56; linha omitida quando não há)',
  total: 'Valor total (R$ 1.234,56)',
  validade: 'Último dia de validade dos preços (DD/MM/AAAA)',
} as const;
export type QuoteWhatsAppPlaceholder = keyof typeof QUOTE_WHATSAPP_PLACEHOLDERS;

/** The quotes' message shipped ('Restaurar padrão' brings it back): the text the quotes always sent. */
export const DEFAULT_QUOTE_WHATSAPP_TEMPLATE = [
  'Olá, {cliente}! Segue o orçamento nº {numero}:',
  '{itens}',
  'Entrega: {entrega}',
  'Garantia: {garantia}',
  'Total: {total}',
  'Preços válidos até {validade}.',
].join('\n');

/**
 * Where the quotes' message is kept: the row of `whatsapp_templates` (migration 0033, keyed by order status) whose
 * key is 0, which no order status has (decision 0043).
 */
export const QUOTE_WHATSAPP_TEMPLATE_KEY = 0;

/**
 * The repairs' message (issue 42 §2, decision 0059): sent at each step of a service order, with its own placeholders,
 * filled by the same `fillWhatsAppMessage` and checked by the same `whatsAppTemplateError` as the orders'.
 */
export const REPAIR_WHATSAPP_PLACEHOLDERS = {
  cliente: 'Nome do cliente',
  os: 'Número da ordem de serviço',
  aparelho: 'Modelo do aparelho',
  situacao: 'O que a situação significa para o cliente',
  total: 'Valor do orçamento (quando há)',
  previsao: 'Data prevista (DD/MM/AAAA)',
  link: 'Link de acompanhamento',
} as const;
export type RepairWhatsAppPlaceholder = keyof typeof REPAIR_WHATSAPP_PLACEHOLDERS;

/** The repairs' message shipped ('Restaurar padrão' brings it back): a line whose placeholder is empty is left out. */
export const DEFAULT_REPAIR_WHATSAPP_TEMPLATE = [
  'Olá, {cliente}!',
  'Ordem de serviço OS {os} ({aparelho}): {situacao}',
  'Valor: {total}',
  'Previsão: {previsao}',
  'Acompanhe: {link}',
].join('\n');

/** Where the repairs' message is kept: the row of `whatsapp_templates` keyed -1, which no order status has. */
export const REPAIR_WHATSAPP_TEMPLATE_KEY = -1;

const S = ORDER_STATUS;

/**
 * What each status means to the customer, in his words (issue 35 §8): the messages say this, never the
 * shop's internal status names ('Aguardando estoquista'). The `{situacao}` placeholder.
 */
export const CUSTOMER_STATUS_PHRASES: Record<OrderStatusKey, string> = {
  [S.AGUARDANDO_ESTOQUISTA]: 'Seu pedido está sendo separado.',
  [S.EM_PREPARACAO]: 'Seu pedido está sendo separado e embalado.',
  [S.AGUARDANDO_MOTOBOY]: 'Seu pedido está embalado e sai na próxima saída do motoboy.',
  [S.EM_ENTREGA]: 'Seu pedido saiu para entrega.',
  [S.ENTREGUE]: 'Seu pedido foi entregue.',
  [S.AGUARDANDO_CLIENTE]: 'Seu pedido está pronto e esperando por você na loja.',
  [S.CANCELADO]: 'Seu pedido foi cancelado.',
  [S.ERRO]: 'Não conseguimos confirmar o pagamento do seu pedido.',
  [S.PROCESSANDO]: 'Seu pedido está aguardando o pagamento por Pix.',
  [S.AGUARDANDO_COMPROVANTE]: 'Seu pedido está aguardando o pagamento.',
  [S.AGUARDANDO_APROVACAO]: 'Recebemos o seu comprovante e estamos conferindo o pagamento.',
  [S.REPROVADOS]: 'Não conseguimos confirmar o pagamento do seu pedido. Fale com a gente para resolver.',
  [S.FINALIZADOS]: 'Seu pedido foi concluído.',
  [S.ENTREGA_IMEDIATA]: 'Seu pedido está pronto e sai em entrega imediata.',
  [S.EM_ENTREGA_IMEDIATA]: 'Seu pedido saiu para entrega imediata.',
  [S.AGUARDANDO_APROVACAO_CREDITO]: 'Seu pedido a prazo está em análise de crédito: avisaremos assim que for liberado.',
};

const GREETING = 'Olá, {cliente}! {situacao}\nPedido {codigo} · Total: {total}.';
const PIX_LINE = 'Para pagar por Pix, copie e cole o código abaixo no app do seu banco:\n{pix}';

/** The message shipped for each status ('Restaurar padrão' brings it back): the customer's words, no status name. */
export const DEFAULT_WHATSAPP_TEMPLATES: Record<OrderStatusKey, string> = Object.fromEntries(
  ORDER_STATUS_KEYS.map((key) => {
    if (key === S.PROCESSANDO || key === S.AGUARDANDO_COMPROVANTE || key === S.ERRO)
      return [key, `${GREETING}\n${PIX_LINE}`];
    if ((OUT_FOR_DELIVERY_STATUSES as readonly number[]).includes(key))
      return [key, `${GREETING}\nO motoboy {entregador} saiu com ele em {saida}.`];
    if (key === S.FINALIZADOS) return [key, `${GREETING}\nObrigado pela compra!`];
    return [key, GREETING];
  }),
) as Record<OrderStatusKey, string>;

const PLACEHOLDER = /\{([^{}\s]*)\}/g;

/** The placeholders a kind of message may use (the order statuses' by default, or the quotes'). */
type Placeholders = Readonly<Record<string, string>>;

/** The placeholders of a template that do not exist (empty when it is valid). */
export function unknownPlaceholders(template: string, valid: Placeholders = WHATSAPP_PLACEHOLDERS): string[] {
  const unknown = new Set<string>();
  for (const match of template.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (!Object.hasOwn(valid, name)) unknown.add(name);
  }
  return [...unknown];
}

/** Why a template cannot be saved, in Portuguese, or null when it can (`valid`: the quotes' placeholders for theirs). */
export function whatsAppTemplateError(template: string, valid: Placeholders = WHATSAPP_PLACEHOLDERS): string | null {
  if (!template.trim()) return WHATSAPP_TEXTS.templateRequired;
  if (template.length > WHATSAPP_LIMITS.template) return WHATSAPP_TEXTS.templateTooLong;
  const unknown = unknownPlaceholders(template, valid);
  return unknown.length > 0 ? WHATSAPP_TEXTS.unknownPlaceholders(unknown, Object.keys(valid)) : null;
}

/**
 * A Brazilian phone as wa.me wants it: 55 + DDD + number, digits only ("(11) 98765-4321" →
 * "5511987654321"); null when it is not a valid Brazilian number (a DDD, then 8 digits of a landline or 9
 * starting with 9 of a mobile).
 */
export function whatsAppPhone(phone: string | null | undefined): string | null {
  const digits = onlyDigits(phone ?? '');
  // A phone the registration accepts (documents.ts), with or without the country's 55.
  if (!isValidPhone(digits)) return null;
  return `55${digits.length > 11 && digits.startsWith('55') ? digits.slice(2) : digits}`;
}

/** What an order gives its message. */
export interface WhatsAppOrder {
  customer: string;
  code: string;
  statusKey: number;
  total: number;
  deliverer: string | null;
  /** When the order left for delivery (ISO), or null. */
  departedAt?: string | null;
  /** The Pix copia e cola, while the order waits for its payment; null otherwise. */
  pix?: string | null;
}

/** DD/MM/YYYY HH:mm in the business's time. */
const dateTime = (iso: string): string => formatBusinessDateTimeMinutes(new Date(iso));

/** The value of every placeholder for an order ('' when the order has none). */
export function whatsAppValues(order: WhatsAppOrder): Record<WhatsAppPlaceholder, string> {
  return {
    cliente: order.customer,
    codigo: order.code,
    situacao: CUSTOMER_STATUS_PHRASES[order.statusKey as OrderStatusKey] ?? '',
    status: ORDER_STATUS_LABELS[order.statusKey as OrderStatusKey] ?? String(order.statusKey),
    total: formatBRL(order.total),
    pix: order.pix ?? '',
    entregador: order.deliverer ?? '',
    saida: order.departedAt ? dateTime(order.departedAt) : '',
  };
}

/**
 * The message: each placeholder replaced by its value. A line whose placeholder has no value for this order
 * (no Pix code, no courier yet) is left out, so the customer never reads "Pix: " with nothing after it.
 */
export function fillWhatsAppMessage<Name extends string = WhatsAppPlaceholder>(
  template: string,
  values: Record<Name, string>,
): string {
  return template
    .split('\n')
    .filter((line) => {
      for (const match of line.matchAll(PLACEHOLDER)) {
        const name = match[1] as Name;
        if (Object.hasOwn(values, name) && values[name] === '') return false;
      }
      return true;
    })
    .map((line) =>
      line.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? values[name as Name] : whole)),
    )
    .join('\n')
    .trim();
}

/** https://wa.me/<phone>?text=<message>, or null when the phone is not a valid Brazilian number. */
export function whatsAppLink(phone: string | null | undefined, message: string): string | null {
  const to = whatsAppPhone(phone);
  return to ? `https://wa.me/${to}?text=${encodeURIComponent(message)}` : null;
}

/**
 * A transfer or Pix order still waiting for its proof, or a Pix order waiting for the bank (Processando): the
 * customer may still need the order's Pix code (the details dialog shows it, the message carries it).
 */
export function awaitsPixPayment(order: { paymentMethod: string; statusKey: number }): boolean {
  if (order.paymentMethod === 'CASH') return false;
  return order.statusKey === ORDER_STATUS.AGUARDANDO_COMPROVANTE || order.statusKey === ORDER_STATUS.PROCESSANDO;
}

/** One status's message as 'Configurações' shows it. */
export const whatsAppTemplateSchema = z.object({
  status: z.number().int(),
  /** Portuguese label of the status. */
  label: z.string(),
  template: z.string(),
  /** True when this is the shipped default (no edit saved). */
  isDefault: z.boolean(),
  defaultTemplate: z.string(),
});
export type WhatsAppTemplate = z.infer<typeof whatsAppTemplateSchema>;

/** GET /settings/whatsapp-templates: every status's message and the placeholders a message may use. */
/** A message of its own kind (the quotes', the repairs'): saved or default, with its own placeholders. */
const kindTemplateSchema = z.object({
  template: z.string(),
  isDefault: z.boolean(),
  defaultTemplate: z.string(),
  placeholders: z.array(z.object({ name: z.string(), description: z.string() })),
});

export const whatsAppTemplatesSchema = z.object({
  data: z.object({
    templates: z.array(whatsAppTemplateSchema),
    placeholders: z.array(z.object({ name: z.string(), description: z.string() })),
    /** The quotes' message (decision 0043). */
    quote: kindTemplateSchema.optional(),
    /** The repairs' message (issue 42 §2), sent at each step of a service order. */
    repair: kindTemplateSchema.optional(),
  }),
});
export type WhatsAppTemplates = z.infer<typeof whatsAppTemplatesSchema>['data'];

/** A PUT body whose message is checked against these placeholders. */
const templateBodySchema = (placeholders?: Placeholders) =>
  z.strictObject({
    template: z.string({ error: WHATSAPP_TEXTS.templateRequired }).superRefine((template, context) => {
      const error = whatsAppTemplateError(template, placeholders);
      if (error) context.addIssue({ code: 'custom', message: error });
    }),
  });

/** PUT /settings/whatsapp-templates/quote: the quotes' message, checked with the quotes' placeholders. */
export const quoteWhatsAppTemplateBodySchema = templateBodySchema(QUOTE_WHATSAPP_PLACEHOLDERS);

/** PUT /settings/whatsapp-templates/repair: the repairs' message, checked with the repairs' placeholders. */
export const repairWhatsAppTemplateBodySchema = templateBodySchema(REPAIR_WHATSAPP_PLACEHOLDERS);

/** PUT /settings/whatsapp-templates/{status}: the message, checked by whatsAppTemplateError. */
export const whatsAppTemplateBodySchema = templateBodySchema();
