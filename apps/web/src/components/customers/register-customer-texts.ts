import { CUSTOMER_REGISTER_TEXTS } from '@backoffice/contract';

/** Texts of 'Cadastrar cliente' (issue 38 §1), shown by Clientes and Vendas alike. */
export const REGISTER_CUSTOMER_TEXTS = {
  button: 'Cadastrar cliente',
  title: 'Cadastrar cliente',
  intro:
    'O cliente cadastrado pela equipe já fica aprovado, com o nível e o frete escolhidos aqui. Obrigatórios: nome, CPF ou CNPJ e telefone.',
  optional: 'Opcional',
  addressHint: 'Opcional: preencha o endereço completo só para entregas por motoboy.',
  submit: 'Cadastrar',
  close: 'Fechar',
  person: 'Cliente',
  address: 'Endereço',
  terms: 'Condições',
  name: 'Nome',
  document: 'CPF ou CNPJ',
  documentHelp: 'Com ou sem pontuação; CNPJ com letras também.',
  stateRegistration: 'Inscrição estadual',
  // Issue 55 §2: ISENTO is refused as indIEDest 2 in twelve states (805); the note writes it as 9, without IE.
  stateRegistrationHelp:
    'Só números, ou ISENTO. A nota fiscal de um cliente ISENTO sai como não contribuinte (sem IE).',
  phone: 'Telefone com DDD',
  email: 'E-mail',
  zipCode: 'CEP',
  street: 'Rua',
  number: 'Número',
  complement: 'Complemento',
  neighborhood: 'Bairro',
  city: 'Cidade',
  state: 'UF',
  level: 'Nível',
  noLevel: 'Sem nível (preço de tabela)',
  shippingCost: 'Frete',
  warranty: 'Garantia',
  fastDeliveryTax: 'Taxa de entrega rápida',
  deliverer: 'Motoboy',
  noDeliverer: 'Nenhum',
  failed: 'Não foi possível cadastrar o cliente. Tente novamente.',
  registered: CUSTOMER_REGISTER_TEXTS.registered,
  duplicateTitle: 'Cliente já cadastrado',
} as const;
