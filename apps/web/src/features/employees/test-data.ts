import type { Employee } from '@backoffice/contract';

/** The courier the API answers after the create form's signup (employees' page tests, the writing dialogs'). */
export const JOAO: Employee = {
  id: 9,
  name: 'João Entregador',
  email: 'joao@demo.com.br',
  phone: '11912345678',
  document: '52998224725',
  func: 2,
  type: 'Motoboy',
  roleId: null,
  role: null,
  roles: [],
  isBlocked: false,
  blocked: false,
};
