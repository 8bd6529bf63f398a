/**
 * How a status reads at a glance: waiting for someone, on its way, done, stopped, or neutral. Every status chip of
 * the app (orders, service orders, quotes, notes, bills, instalments, cash sessions) draws one of these.
 */
export type StatusTone = 'waiting' | 'moving' | 'done' | 'stopped' | 'neutral';

/** Light background, dark text: every pair passes WCAG AA contrast (≥ 4.5:1) for the chip's small text. */
export const STATUS_TONE_COLORS: Record<StatusTone, { bg: string; fg: string }> = {
  waiting: { bg: '#fef3c7', fg: '#92400e' },
  moving: { bg: '#dbeafe', fg: '#1e40af' },
  done: { bg: '#dcfce7', fg: '#166534' },
  stopped: { bg: '#fee2e2', fg: '#991b1b' },
  neutral: { bg: '#f1f5f9', fg: '#334155' },
};
