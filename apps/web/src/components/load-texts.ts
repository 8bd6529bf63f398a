/** What the app says when a part of a screen cannot be fetched (components/load-boundary.tsx). */
export const LOAD_TEXTS = {
  pageFailed: 'Não foi possível carregar esta tela: verifique a conexão e tente novamente.',
  retry: 'Tentar novamente',
  partFailed: 'Sem conexão: não foi possível abrir esta parte da tela. Tente novamente quando houver sinal.',
} as const;
