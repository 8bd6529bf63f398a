/** Texts of the "Histórico de alterações" dialog (components/audit-history-dialog.tsx). */
export const AUDIT_HISTORY_TEXTS = {
  action: 'Histórico de alterações',
  title: (name: string) => `Histórico de alterações: ${name}`,
  close: 'Fechar',
  list: 'Alterações',
  loading: 'Carregando o histórico…',
  failed: 'Não foi possível carregar o histórico de alterações.',
  empty: 'Nenhuma alteração registrada.',
  system: 'Sistema',
  noFields: 'Sem campos alterados.',
  to: 'para',
  pages: 'Páginas do histórico',
  total: (total: number) => (total === 1 ? '1 alteração' : `${total} alterações`),
} as const;
