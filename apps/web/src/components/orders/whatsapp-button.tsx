import {
  awaitsPixPayment,
  DEFAULT_WHATSAPP_TEMPLATES,
  fillWhatsAppMessage,
  type OrderDetail,
  type OrderStatusKey,
  WHATSAPP_TEXTS,
  type WhatsAppTemplates,
  whatsAppLink,
  whatsAppValues,
} from '@backoffice/contract';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { orderDetailQuery, orderPixQuery } from './order-queries';

/** GET /settings/whatsapp-templates: the message of each status (the saved one or the default). */
export const whatsAppTemplatesQuery = queryOptions({
  queryKey: ['settings', 'whatsapp-templates'] as const,
  queryFn: async () => (await api<{ data: WhatsAppTemplates }>('/settings/whatsapp-templates')).data,
  retry: false,
});

/** The wa.me link of an order with its status's message, or null when the customer has no valid phone. */
export function orderWhatsAppLink(order: OrderDetail, templates: WhatsAppTemplates | undefined, pix: string | null) {
  const template =
    templates?.templates.find((row) => row.status === order.statusKey)?.template ??
    DEFAULT_WHATSAPP_TEMPLATES[order.statusKey as OrderStatusKey] ??
    '';
  const message = fillWhatsAppMessage(
    template,
    whatsAppValues({ ...order, pix: awaitsPixPayment(order) ? pix : null }),
  );
  return whatsAppLink(order.customerPhone, message);
}

interface Props {
  /** The order, when the caller has it; else `orderId`'s is read (GET /orders/by-id/{id}). */
  order?: OrderDetail | null;
  orderId?: number | null;
  size?: 'small' | 'medium';
}

/**
 * 'Enviar pelo WhatsApp' (issue 20 §6): a link to wa.me with the order's message for its status, opened in a
 * new tab; disabled, with the reason in a tooltip, when the customer has no valid Brazilian phone.
 */
export function OrderWhatsAppButton({ order: given, orderId, size = 'medium' }: Props) {
  const id = given?.orderId ?? orderId ?? 0;
  const fetched = useQuery({ ...orderDetailQuery(id), enabled: !given && id > 0 });
  const order = given ?? fetched.data ?? null;
  const templates = useQuery(whatsAppTemplatesQuery);
  const pix = useQuery({ ...orderPixQuery(id), enabled: order !== null && awaitsPixPayment(order) });
  const ready = order !== null && !templates.isPending && !(awaitsPixPayment(order) && pix.isPending);
  const href = ready ? orderWhatsAppLink(order, templates.data, pix.data ?? null) : null;
  const button = (
    <Button
      size={size}
      color="success"
      startIcon={<WhatsAppIcon fontSize="small" />}
      disabled={!href}
      {...(href ? { component: 'a', href, target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {WHATSAPP_TEXTS.send}
    </Button>
  );
  if (href || !ready) return button;
  return (
    <Tooltip title={WHATSAPP_TEXTS.noPhone}>
      {/*
        A disabled button takes no pointer events nor focus: the span carries the tooltip (which names the group
        with the reason), and takes the focus so that a keyboard user reaches the reason too.
      */}
      {/* biome-ignore lint/a11y/useSemanticElements: an inline wrapper of one button, not a form's fieldset */}
      <span
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the only way a keyboard reaches a disabled button's reason
        tabIndex={0}
        role="group"
      >
        {button}
      </span>
    </Tooltip>
  );
}

/** What a screen invalidates after saving a template. */
export const whatsAppTemplatesKey = whatsAppTemplatesQuery.queryKey;
