/** Names, neighbourhoods and phrases of the demo business (São Paulo, pt-BR). */

export const FIRST_NAMES_F = [
  'Maria',
  'Ana',
  'Juliana',
  'Fernanda',
  'Patrícia',
  'Aline',
  'Camila',
  'Amanda',
  'Bruna',
  'Jéssica',
  'Letícia',
  'Mariana',
  'Gabriela',
  'Larissa',
  'Vanessa',
  'Priscila',
  'Daniela',
  'Renata',
  'Carolina',
  'Beatriz',
  'Tatiane',
  'Simone',
  'Luciana',
  'Adriana',
  'Sandra',
  'Cláudia',
  'Débora',
  'Raquel',
  'Natália',
  'Isabela',
  'Thaís',
  'Viviane',
  'Michele',
  'Roberta',
  'Eliane',
  'Kelly',
  'Sabrina',
  'Vitória',
  'Yasmin',
  'Rafaela',
  'Luana',
  'Talita',
  'Francisca',
  'Rosângela',
  'Cristiane',
] as const;

export const FIRST_NAMES_M = [
  'José',
  'João',
  'Carlos',
  'Paulo',
  'Lucas',
  'Marcos',
  'Rafael',
  'Bruno',
  'Felipe',
  'Gustavo',
  'Rodrigo',
  'Thiago',
  'Diego',
  'Leandro',
  'Anderson',
  'Fábio',
  'Eduardo',
  'Marcelo',
  'Ricardo',
  'Vinícius',
  'Gabriel',
  'Matheus',
  'Leonardo',
  'André',
  'Alexandre',
  'Renato',
  'Daniel',
  'Luiz',
  'Antônio',
  'Francisco',
  'Wellington',
  'Jefferson',
  'Robson',
  'Everton',
  'Henrique',
  'Igor',
  'Caio',
  'Murilo',
  'Sérgio',
  'Márcio',
  'Júlio',
  'Otávio',
  'Wagner',
  'Cleber',
  'Edson',
] as const;

export const SURNAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
  'Cardoso',
  'Ramos',
  'Gonçalves',
  'Santana',
  'Teixeira',
  'Araújo',
  'Cavalcanti',
  'Monteiro',
  'Moraes',
  'Pinto',
  'Batista',
  'Campos',
  'Correia',
  'Azevedo',
  'Tavares',
  'Borges',
  'Prado',
  'Nogueira',
  'Sampaio',
  'Brito',
  'Pacheco',
  'Miranda',
  'Castro',
  'Coelho',
  'Xavier',
  'Matos',
  'Fonseca',
  'Medeiros',
  'Amaral',
  'Yamamoto',
  'Tanaka',
  'Nakamura',
  'Haddad',
  'Rossi',
  'Ferraz',
  'Bertolini',
] as const;

export const EMAIL_DOMAINS: readonly (readonly [string, number])[] = [
  ['gmail.com', 55],
  ['hotmail.com', 18],
  ['outlook.com', 10],
  ['yahoo.com.br', 6],
  ['uol.com.br', 4],
  ['bol.com.br', 3],
  ['icloud.com', 4],
];

/** Words for shop names of wholesale customers (lojistas). */
export const SHOP_WORDS = [
  'Cell',
  'Celulares',
  'Mega Cell',
  'Point do Celular',
  'Tech Acessórios',
  'Smart Store',
  'Planeta Cell',
  'Mundo dos Celulares',
  'Cia do Celular',
  'Fone & Cia',
  'Capinhas',
  'Cell Center',
  'Shop Cell',
  'Premium Cell',
  'iCell',
  'Top Cell',
  'Universo Mobile',
  'Cell Express',
  'Ponto Digital',
  'Loja do Carregador',
] as const;

export const COMPANY_SUFFIXES = ['ME', 'Ltda', 'Eireli', 'Comércio de Eletrônicos Ltda', 'Acessórios ME'] as const;

export interface Neighbourhood {
  name: string;
  /** Five-digit CEP prefix of the neighbourhood (the last three digits are drawn). */
  cep: string;
  streets: readonly string[];
  /** Shipping cost from the store (in Tatuapé), in cents. */
  shippingCents: number;
  /** Fast-delivery tax, in cents. */
  fastCents: number;
  /** Which courier route covers it (index into the couriers list, modulo its length). */
  route: number;
  /** How many customers live there (relative). */
  weight: number;
}

/** A neighbourhood as a row of the table: name, CEP prefix, shipping, fast tax, route, weight, streets. */
type NeighbourhoodRow = readonly [
  name: string,
  cep: string,
  shippingCents: number,
  fastCents: number,
  route: number,
  weight: number,
  streets: readonly string[],
];

/** The neighbourhoods from their table's rows (in their order). */
function neighbourhoods(rows: readonly NeighbourhoodRow[]): Neighbourhood[] {
  return rows.map(([name, cep, shippingCents, fastCents, route, weight, streets]) => ({
    name,
    cep,
    streets,
    shippingCents,
    fastCents,
    route,
    weight,
  }));
}

/** The store is in Tatuapé, east zone; shipping grows with the distance. */
// biome-ignore format: a table, one neighbourhood a line
export const NEIGHBOURHOODS: readonly Neighbourhood[] = neighbourhoods([
  // name, CEP prefix, shipping (cents), fast tax (cents), route, weight, streets
  ['Tatuapé', '03310', 1000, 1500, 0, 14, ['Rua Tuiuti', 'Rua Itapura', 'Rua Serra de Bragança', 'Rua Emília Marengo', 'Rua Apucarana']],
  ['Mooca', '03104', 1200, 1800, 0, 11, ['Rua da Mooca', 'Rua Taquari', 'Rua Javari', 'Rua dos Trilhos', 'Avenida Paes de Barros']],
  ['Penha', '03634', 1200, 1800, 0, 8, ['Rua Padre Benedito de Camargo', 'Avenida Penha de França', 'Rua Doutor João Ribeiro']],
  ['Brás', '03012', 1400, 2000, 1, 9, ['Rua Oriente', 'Rua Maria Marcolina', 'Avenida Rangel Pestana', 'Rua Miller']],
  ['Vila Prudente', '03137', 1400, 2000, 0, 6, ['Rua Ibitirama', 'Avenida Professor Luiz Ignácio Anhaia Mello', 'Rua Cavour']],
  ['Itaquera', '08210', 1800, 2500, 0, 8, ['Avenida Itaquera', 'Rua Gregório Ramalho', 'Rua Victório Santim', 'Avenida Jacu-Pêssego']],
  ['São Miguel Paulista', '08010', 2200, 3000, 0, 5, ['Avenida Marechal Tito', 'Rua Salvador de Medeiros', 'Avenida Nordestina']],
  ['Santana', '02012', 1800, 2500, 1, 8, ['Rua Voluntários da Pátria', 'Rua Alfredo Pujol', 'Rua Doutor César', 'Avenida Cruzeiro do Sul']],
  ['Casa Verde', '02515', 2200, 3000, 1, 4, ['Avenida Casa Verde', 'Rua Zilda', 'Rua Paulo Vidigal Vicente de Azevedo']],
  ['Liberdade', '01503', 1800, 2500, 1, 5, ['Rua Galvão Bueno', 'Rua dos Estudantes', 'Rua da Glória', 'Rua Conselheiro Furtado']],
  ['Vila Mariana', '04101', 2000, 2800, 1, 7, ['Rua Domingos de Morais', 'Rua Joaquim Távora', 'Rua França Pinto', 'Rua Sena Madureira']],
  ['Ipiranga', '04207', 1800, 2500, 0, 7, ['Rua Bom Pastor', 'Rua Silva Bueno', 'Rua Agostinho Gomes', 'Avenida Nazaré']],
  ['Pinheiros', '05422', 2500, 3500, 1, 6, ['Rua dos Pinheiros', 'Rua Teodoro Sampaio', 'Rua Cardeal Arcoverde', 'Rua Fradique Coutinho']],
  ['Perdizes', '05014', 2500, 3500, 1, 4, ['Rua Cardoso de Almeida', 'Rua Monte Alegre', 'Rua Turiassu', 'Rua Apinajés']],
  ['Lapa', '05073', 2500, 3500, 1, 5, ['Rua Guaicurus', 'Rua Doze de Outubro', 'Rua Clélia', 'Rua Tito']],
  ['Butantã', '05503', 3000, 4000, 1, 4, ['Rua Alvarenga', 'Avenida Corifeu de Azevedo Marques', 'Rua Camargo', 'Avenida Vital Brasil']],
  ['Santo Amaro', '04742', 3200, 4500, 0, 5, ['Avenida Adolfo Pinheiro', 'Rua Barão do Rio Branco', 'Rua Amador Bueno', 'Rua Padre José de Anchieta']],
  ['Jabaquara', '04307', 2800, 4000, 0, 4, ['Avenida Engenheiro Armando de Arruda Pereira', 'Rua Nelson Fernandes', 'Avenida Jabaquara']],
]);

export const COMPLEMENTS = [
  'Apto 52',
  'Apto 114',
  'Bloco B apto 23',
  'Casa 2',
  'Fundos',
  'Loja 3',
  'Loja 12',
  'Sala 8',
  'Box 41',
  '1º andar',
] as const;

export const CUSTOMER_NOTES = [
  'Entregar somente após as 14h.',
  'Loja fecha para almoço das 12h às 13h.',
  'Portão azul, tocar o interfone 2.',
  'Prefere contato pelo WhatsApp.',
  'Deixar na portaria com o zelador.',
  'Cliente antigo, indicado pela loja da Rua Oriente.',
  'Paga sempre em dinheiro na entrega.',
  'Confere a mercadoria na frente do motoboy.',
] as const;

export const REPROVAL_REASONS = [
  'CPF não confere com o nome informado no cadastro.',
  'CNPJ inativo na consulta da Receita Federal.',
  'Endereço fora da área de entrega da loja.',
  'Cadastro duplicado: cliente já possui conta com outro e-mail.',
  'Documento ilegível; cliente não reenviou a foto solicitada.',
  'Telefone não atende e o e-mail informado volta.',
  'Inscrição estadual suspensa para o CNPJ informado.',
] as const;

export const BLOCK_REASONS = [
  'Inadimplência: pagamento na entrega recusado duas vezes.',
  'Comprovante de Pix adulterado no pedido anterior.',
  'Chargeback contestado em compra anterior, aguardando regularização.',
  'Comportamento agressivo com o motoboy na última entrega.',
  'Solicitação do próprio cliente (encerramento temporário da loja).',
  'Devoluções sem defeito acima do limite combinado.',
  'Cheque devolvido por falta de fundos.',
] as const;

export const CANCEL_REASONS = [
  'Cliente desistiu da compra.',
  'Cliente pediu para cancelar: comprou em outra loja.',
  'Pedido duplicado.',
  'Produto com defeito identificado na separação, sem reposição.',
  'Cliente não atende para confirmar a entrega.',
  'Endereço de entrega incompleto e sem retorno do cliente.',
] as const;

export const NO_RECEIPT_REASON = 'Cliente não enviou o comprovante no prazo de 24 horas.';
export const PAYMENT_NOT_CONFIRMED_REASON = 'Pagamento Pix não confirmado pelo banco.';

export const REFUSAL_REASONS = [
  'Comprovante ilegível.',
  'Valor do comprovante diferente do total do pedido.',
  'Comprovante já utilizado em outro pedido.',
  'Transferência não localizada no extrato da conta.',
] as const;

export const ABSENT_NOTES = [
  'Cliente ausente, pacote voltou para a loja.',
  'Loja do cliente fechada no horário da entrega.',
  'Ninguém atendeu o interfone; cliente vai retirar na loja.',
] as const;

export const ORDER_COMMENTS = [
  'Entregar na portaria.',
  'Cliente vai conferir os aparelhos na entrega.',
  'Embalar para presente.',
  'Separar nota fiscal junto com a mercadoria.',
  'Cliente pediu para ligar antes de sair.',
  'Troco para R$ 100,00.',
  'Troco para R$ 200,00.',
  'Retirada pelo sobrinho do cliente, com documento.',
] as const;

export const EXCHANGE_COMMENTS = [
  'Produto com defeito de fábrica: não carrega.',
  'Cliente recebeu a cor errada.',
  'Película trincou na aplicação, troca pela mesma.',
  'Tela com pixel morto, trocado por outra unidade.',
  'Capinha não serviu no modelo do cliente.',
  'Fone com um dos lados sem som.',
] as const;

export const RETURN_COMMENTS = [
  'Cliente desistiu dentro do prazo de 7 dias.',
  'Sobrou no estoque do lojista, devolução combinada.',
  'Produto não era o modelo pedido.',
  'Cliente devolveu por arrependimento.',
] as const;

export const INVENTORY_NOTES = {
  loss: 'Contagem mensal: diferença (avaria ou extravio).',
  found: 'Contagem mensal: unidade encontrada no depósito.',
  ok: 'Contagem mensal: sem diferença.',
} as const;
