import { AUTH_TEXTS } from '@backoffice/contract';

/** UI text of the profile page (/admin/profile). Messages shared with the API come from the contract. */
export const PROFILE_TEXTS = {
  title: 'Perfil',
  details: 'Seus dados',
  name: 'Nome',
  email: 'E-mail',
  phone: 'Telefone',
  document: 'CPF',
  type: 'Função',
  role: 'Regra',
  noRole: 'Sem regra atribuída',
  permissions: 'Permissões',
  noPermissions: 'Nenhuma permissão.',
  loadFailed: 'Não foi possível carregar o seu perfil. Tente novamente mais tarde.',
  passwordTitle: 'Alterar senha',
  passwordHint:
    'Use ao menos 8 caracteres, de preferência várias palavras pouco comuns, sem o seu nome ou e-mail. Ao alterar a senha, as suas outras sessões são encerradas.',
  currentPassword: 'Senha atual',
  newPassword: 'Nova senha',
  confirmPassword: 'Confirme a nova senha',
  currentPasswordRequired: AUTH_TEXTS.currentPasswordRequired,
  confirmMismatch: 'As senhas não conferem.',
  submit: 'Alterar senha',
  passwordChanged: 'Senha alterada com sucesso. As suas outras sessões foram encerradas.',
  fallback: 'Não foi possível alterar a senha. Tente novamente mais tarde.',
} as const;
