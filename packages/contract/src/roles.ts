import { z } from 'zod';
import { DISCOUNT_TEXTS } from './discounts';
import { hasTwoDecimals } from './money';
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
    /**
     * Optional (issue 38): the largest discount (%) an employee of this role may give at sale time, 0 to 100
     * with two decimals; a new role without it: 0; an edit without it keeps the role's. full:access is
     * unlimited whatever it says. Nobody sets it above their own role's maximum.
     */
    maxDiscountPercentage: z
      .number({ error: DISCOUNT_TEXTS.maxInvalid })
      .min(0, DISCOUNT_TEXTS.maxInvalid)
      .max(100, DISCOUNT_TEXTS.maxInvalid)
      .refine(hasTwoDecimals, DISCOUNT_TEXTS.maxInvalid)
      .optional(),
  })
  .strict();
export type RoleInput = z.input<typeof roleInputSchema>;

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions: z.array(z.string()),
  /**
   * Issue 38: the role's maximum discount (%) at sale time (full:access: unlimited whatever it says). Always
   * answered; optional in the schema as every field added to a section-7 answer.
   */
  maxDiscountPercentage: z.number().optional(),
});
export type Role = z.infer<typeof roleSchema>;
