import { EMPLOYEE_TEXTS } from '@backoffice/contract';

export const EMPLOYEES_TEXTS = {
  title: 'Funcionários',
  create: 'Cadastrar Funcionário',
  edit: 'Editar Funcionário',
  changes: 'Histórico de alterações',
  changesTwoSelected:
    'Não é possível visualizar o histórico de alterações de múltiplos funcionários simultaneamente, selecione um.',
  refresh: 'Atualizar',
  columns: { name: 'Nome', email: 'E-mail', phone: 'Telefone', type: 'Função', blocked: 'Bloqueado' },
  yes: 'Sim',
  no: 'Não',
  tableEmpty: 'Não existem funcionários para serem exibidos.',
  notFound: 'Nenhum funcionário foi encontrado.',
  twoSelected: 'Não é possível selecionar dois funcionários para edição.',
  fields: {
    name: 'Nome',
    func: 'Função',
    document: 'CPF',
    email: 'E-mail',
    phone: 'Telefone',
    role: 'Regra',
    noRole: 'Nenhuma',
    blocked: 'Bloqueado',
  },
  submitCreate: 'Cadastrar',
  submitEdit: 'Editar',
  close: 'Fechar',
  created: EMPLOYEE_TEXTS.created,
  edited: EMPLOYEE_TEXTS.edited,
  fallback: 'Ocorreu um erro. Tente novamente mais tarde.',
} as const;
