import { DISCOUNT_TEXTS, ROLE_TEXTS } from '@backoffice/contract';

export const ROLES_TEXTS = {
  title: 'Regras',
  create: 'Cadastrar Regra',
  edit: 'Editar Regra',
  changes: 'Histórico de alterações',
  changesTwoSelected:
    'Não é possível visualizar o histórico de alterações de múltiplas regras simultaneamente, selecione uma.',
  refresh: 'Atualizar',
  columns: { name: 'Nome', permissions: 'Permissões', maxDiscount: 'Desconto máximo' },
  /** A role holding nothing (the demo couriers' 'Entregas': their function opens 'Minhas tarefas'). */
  noPermissions: 'Nenhuma permissão',
  tableEmpty: 'Não existem regras criadas para serem exibidas.',
  notFound: 'Nenhuma regra foi encontrada.',
  twoSelected: 'Não é possível selecionar duas regras para edição.',
  fields: {
    name: 'Nome da regra',
    permission: 'Permissão',
    permissions: 'Permissões da regra',
    maxDiscount: 'Desconto máximo na venda',
  },
  maxDiscountHelp: 'De 0 a 100 %; 0: sem desconto. Acesso total não tem limite.',
  maxDiscountInvalid: DISCOUNT_TEXTS.maxInvalid,
  /** The column of a full:access role. */
  unlimited: 'Sem limite',
  add: 'Adicionar',
  clear: 'Limpar',
  submitCreate: 'Cadastrar',
  submitEdit: 'Salvar',
  close: 'Fechar',
  nameRequired: ROLE_TEXTS.nameRequired,
  duplicate: ROLE_TEXTS.duplicate,
  permissionsRequired: ROLE_TEXTS.permissionsRequired,
  created: 'Regra criada com sucesso.',
  updated: 'Regra atualizada com sucesso.',
  createFailed: 'Não foi possível criar a regra, tente novamente mais tarde.',
  updateFailed: 'Não foi possível atualizar a regra, tente novamente mais tarde.',
} as const;
