export const GUARD_TEXTS = {
  noPermission: 'Você não tem permissão para acessar essa página.',
  toDashboard: 'Ir para o Dashboard',
  signOut: 'Sair',
} as const;
