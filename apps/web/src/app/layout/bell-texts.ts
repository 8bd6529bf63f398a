import { formatBusinessDate } from '@backoffice/contract';

/**
 * The badge's number: the count itself up to 999 (a busy shop passes 99 in a day), then '999+'. The bell's
 * name holds the same text, as the name of a control must hold its visible text (axe's
 * label-content-name-mismatch refused 'Notificações: 102' beside a badge reading '99+').
 */
function badgeCount(unread: number): string {
  return unread > 999 ? '999+' : String(unread);
}

/** The bell's texts and its notifications' age (notifications-bell.tsx and its list, notifications-menu.tsx). */
export const BELL_TEXTS = {
  title: 'Notificações',
  count: badgeCount,
  button: (unread: number) => `Notificações: ${badgeCount(unread)}`,
  markAll: 'Marcar todas como lidas',
  empty: 'Nenhuma notificação por aqui.',
  failed: 'Não foi possível carregar as notificações.',
  loading: 'Carregando…',
  unread: 'Não lida',
} as const;

/** "agora", "há 5 min", "há 2 h", "há 3 dias"; beyond a week the date, DD/MM/YYYY. */
export function relativeTime(iso: string, now = Date.now()): string {
  const minutes = Math.floor((now - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return 'agora';
  if (minutes < 60) return `há ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `há ${hours} h`;
  const days = Math.floor(hours / 24);
  if (days <= 7) return `há ${days} ${days === 1 ? 'dia' : 'dias'}`;
  return formatBusinessDate(new Date(iso));
}
