/**
 * The messages of sign-in, recovery and passwords, shared by the API and the web. A module of its own, free of
 * schemas: the sign-in page reads them without loading zod (decision 0025).
 */
import { EMAIL_TEXTS } from './email';

export const AUTH_TEXTS = {
  emailRequired: EMAIL_TEXTS.required,
  emailInvalid: EMAIL_TEXTS.invalid,
  passwordRequired: 'Informe a senha',
  codeRequired: 'Informe o código que foi enviado para o seu e-mail',
  invalidCredentials: 'E-mail ou senha inválidos.',
  blocked: 'Seu acesso está bloqueado. Procure o administrador.',
  tooManyAttempts: 'Muitas tentativas de acesso. Aguarde 15 minutos e tente novamente.',
  codeSent:
    'Uma notificação de redefinição da senha foi encaminhada para o e-mail mencionado, verifique a sua caixa de entrada.',
  passwordChanged: 'Senha alterada com sucesso. Agora você pode voltar a fazer o login.',
  codeConfirmed: 'Código confirmado. Informe a nova senha.',
  invalidCode: 'Código inválido ou expirado. Solicite um novo código.',
  passwordTooShort: 'A nova senha deve ter pelo menos 8 caracteres.',
  passwordTooLong: 'A nova senha deve ter no máximo 200 caracteres.',
  passwordBlank: 'A nova senha não pode ser formada só por espaços.',
  /** Opens the message of a password the strength estimator refuses; its warning and suggestions follow. */
  passwordWeak: 'Senha fraca, fácil de adivinhar.',
  currentPasswordRequired: 'Informe a senha atual',
  wrongPassword: 'A senha atual não confere.',
  tooManyFromAddress: 'Muitas tentativas de acesso a partir deste endereço. Aguarde 15 minutos e tente novamente.',
  instability: 'Estamos passando por um momento de instabilidade. Por favor, tente novamente mais tarde.',
} as const;
