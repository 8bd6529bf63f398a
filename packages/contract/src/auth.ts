import { z } from 'zod';
import { emailSchema } from './employees';

export const AUTH_TEXTS = {
  emailRequired: 'Informe o endereço de e-mail',
  emailInvalid: 'Informe um e-mail válido',
  passwordRequired: 'Informe a senha',
  codeRequired: 'Informe o código que foi enviado para o seu e-mail',
  invalidCredentials: 'E-mail ou senha inválidos.',
  blocked: 'Seu acesso está bloqueado. Procure o administrador.',
  tooManyAttempts: 'Muitas tentativas de acesso. Aguarde 15 minutos e tente novamente.',
  codeSent:
    'Uma notificação de redefinição da senha foi encaminhada para o e-mail mencionado, verifique a sua caixa de entrada.',
  passwordChanged: 'Senha alterada com sucesso. Agora você pode voltar a fazer o login.',
  invalidCode: 'Código inválido ou expirado. Solicite um novo código.',
  passwordTooShort: 'A nova senha deve ter pelo menos 8 caracteres.',
  instability: 'Estamos passando por um momento de instabilidade. Por favor, tente novamente mais tarde.',
} as const;

export const signinSchema = z
  .object({
    email: emailSchema,
    password: z.string({ error: AUTH_TEXTS.passwordRequired }).min(1, AUTH_TEXTS.passwordRequired).max(200),
  })
  .strict();

export const signinResponseSchema = z.object({
  data: z.object({ accessToken: z.string(), expires: z.number(), permissions: z.array(z.string()) }),
});

export const activateSchema = z
  .object({
    email: emailSchema,
    newPassword: z.string({ error: AUTH_TEXTS.passwordTooShort }).min(8, AUTH_TEXTS.passwordTooShort).max(200),
    code: z.string({ error: AUTH_TEXTS.codeRequired }).trim().min(1, AUTH_TEXTS.codeRequired),
  })
  .strict();
