export const TOP_BAR_TEXTS = {
  search: 'Pesquisar',
  /** The palette's trigger: its name holds its visible text and says the shortcut. */
  shortcut: 'Ctrl K',
  profile: 'Perfil',
  settings: 'Configurações',
  signOut: 'Sair',
  openMenu: 'Abrir menu',
} as const;
