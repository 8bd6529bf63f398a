import { AUTH_TEXTS } from '@backoffice/contract';

/** UI text of sign-in, recovery and sign-out (messages shared with the API come from the contract). */
export const LOGIN_TEXTS = {
  title: 'BackOffice - Acesso Restrito',
  email: 'Email',
  password: 'Senha',
  submit: 'Entrar',
  forgot: 'Esqueceu a senha?',
  instability: AUTH_TEXTS.instability,
} as const;

export const RECOVERY_TEXTS = {
  title: 'Recuperar senha',
  emailHint: 'Informe o e-mail cadastrado para receber o código de redefinição.',
  codeHint: 'Digite o código enviado para o seu e-mail e a nova senha.',
  email: 'Email',
  send: 'Enviar',
  toLogin: 'Página de Login',
  code: 'Código de redefinição',
  newPassword: 'Nova Senha',
  confirm: 'Confirmar',
  codeSent: AUTH_TEXTS.codeSent,
  passwordChanged: AUTH_TEXTS.passwordChanged,
  fallback: 'Ocorreu um erro. Tente novamente mais tarde.',
} as const;
