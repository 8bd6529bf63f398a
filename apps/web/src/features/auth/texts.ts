import { AUTH_TEXTS } from '@backoffice/contract';

/** UI text of sign-in, recovery and sign-out (messages shared with the API come from the contract). */
export const LOGIN_TEXTS = {
  title: 'BackOffice - Acesso Restrito',
  email: 'Email',
  password: 'Senha',
  submit: 'Entrar',
  forgot: 'Esqueceu a senha?',
  passwordRequired: AUTH_TEXTS.passwordRequired,
  instability: AUTH_TEXTS.instability,
} as const;

/** Where 'Esqueceu a senha?' leads. */
export const RECOVERY_PATH = '/forgot-password';

export const RECOVERY_TEXTS = {
  title: 'Recuperar senha',
  /** The title when the invitation link of the welcome e-mail opened the page. */
  invitationTitle: 'Criar minha senha',
  invitationHint: 'Crie a sua senha de acesso ao BackOffice. O código do convite já está preenchido.',
  emailHint: 'Informe o e-mail cadastrado para receber o código de redefinição.',
  codeHint: 'Digite o código enviado para o seu e-mail e a nova senha.',
  email: 'Email',
  send: 'Enviar',
  toLogin: 'Página de Login',
  code: 'Código de redefinição',
  newPassword: 'Nova Senha',
  passwordHint:
    'Use ao menos 8 caracteres; várias palavras pouco comuns, sem o seu nome ou e-mail, dão uma senha forte.',
  confirm: 'Confirmar',
  codeSent: AUTH_TEXTS.codeSent,
  passwordChanged: AUTH_TEXTS.passwordChanged,
  fallback: 'Ocorreu um erro. Tente novamente mais tarde.',
} as const;
