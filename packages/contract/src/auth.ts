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
  codeConfirmed: 'Código confirmado. Informe a nova senha.',
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

/** Path of PATCH /accounts/users/forgotpassword/{email} and POST /accounts/users/recovery/{email}. */
export const recoveryParamsSchema = z.object({ email: emailSchema });

/** Body of POST /accounts/users/recovery/{email}: checks the code (a wrong code counts as a try). */
export const recoveryCheckSchema = z
  .object({ code: z.string({ error: AUTH_TEXTS.codeRequired }).trim().min(1, AUTH_TEXTS.codeRequired).max(20) })
  .strict();

/** Answer of the three recovery calls: `{ data: { message } }`, the message to show the user. */
export const messageResponseSchema = z.object({ data: z.object({ message: z.string() }) });

/** Body of PATCH /accounts/users/activate: sets the new password (min. 8 characters) and burns the code. */
export const activateSchema = z
  .object({
    email: emailSchema,
    newPassword: z.string({ error: AUTH_TEXTS.passwordTooShort }).min(8, AUTH_TEXTS.passwordTooShort).max(200),
    code: z.string({ error: AUTH_TEXTS.codeRequired }).trim().min(1, AUTH_TEXTS.codeRequired).max(20),
  })
  .strict();
