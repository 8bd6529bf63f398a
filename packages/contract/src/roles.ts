import { z } from 'zod';
import { isPermissionKey } from './permissions';

export const ROLE_TEXTS = {
  nameRequired: 'Informe a regra',
  duplicate: 'Regra já existente, escolha outro nome.',
  permissionsRequired: 'Adicione as permissões para a regra.',
  unknownPermission: 'Permissão desconhecida.',
  notFound: 'Regra não encontrada.',
  permissionNotHeld: 'Você não pode conceder permissões que você não possui.',
  roleNotHeld: 'Você não pode editar uma regra com permissões que você não possui.',
  ownRole: 'Você não pode editar a sua própria regra.',
  lastFullAccess:
    'Não é possível: o sistema precisa de ao menos um funcionário ativo com acesso total. Dê acesso total a outro funcionário antes.',
} as const;

/** Body of POST /roles and PATCH /roles/{id}. Unknown fields are refused. */
export const roleInputSchema = z
  .object({
    name: z.string({ error: ROLE_TEXTS.nameRequired }).trim().min(1, ROLE_TEXTS.nameRequired).max(80),
    permissions: z
      .array(z.string().refine(isPermissionKey, ROLE_TEXTS.unknownPermission), {
        error: ROLE_TEXTS.permissionsRequired,
      })
      .min(1, ROLE_TEXTS.permissionsRequired)
      .transform((keys) => [...new Set(keys)]),
  })
  .strict();
export type RoleInput = z.input<typeof roleInputSchema>;

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions: z.array(z.string()),
});
export type Role = z.infer<typeof roleSchema>;
