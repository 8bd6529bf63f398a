import type { ImportKind } from '@backoffice/contract';

/** Texts of 'Importar planilha' (issue 21 §2), shared by the products and the customers screens. */
export const IMPORT_DIALOG_TEXTS = {
  open: 'Importar planilha',
  title: (kind: ImportKind) =>
    kind === 'products' ? 'Importar produtos de uma planilha' : 'Importar clientes de uma planilha',
  intro:
    'Envie um CSV (separado por ; ou vírgula, como o Excel salva) ou um XLSX. As colunas são reconhecidas pelo nome; baixe o modelo para ver os nomes.',
  matchRule: (kind: ImportKind) =>
    kind === 'products'
      ? 'Produtos com o mesmo código são atualizados; os demais são criados. Células vazias mantêm o valor atual.'
      : 'Clientes com o mesmo CPF/CNPJ são atualizados; os demais são criados. Células vazias mantêm o valor atual.',
  chooseFile: 'Escolher arquivo',
  noFile: 'Nenhum arquivo escolhido',
  template: 'Baixar modelo',
  templateCsv: 'Modelo em CSV',
  createMissing: 'Criar marcas e referências que ainda não existem',
  preview: 'Pré-visualizar',
  skipInvalid: 'Ignorar linhas com erro',
  import: 'Importar',
  close: 'Fechar',
  uploading: (percent: number) => `Enviando a planilha: ${percent}%`,
  working: 'Conferindo as linhas…',
  mappingTitle: 'Colunas da planilha',
  mappingHelp: 'Escolha a coluna correspondente para as que não foram reconhecidas.',
  ignoreColumn: 'Ignorar esta coluna',
  missingColumns: (headers: string[]) =>
    `Colunas que um cadastro novo precisa e que a planilha não tem com esse nome: ${headers.join(', ')}. Escolha abaixo a coluna da planilha que traz cada uma.`,
  columnLabel: (header: string) => `Coluna "${header}"`,
  summary: (rows: number, created: number, updated: number, invalid: number) =>
    `${rows} ${rows === 1 ? 'linha' : 'linhas'}: ${created} ${created === 1 ? 'novo' : 'novos'}, ${updated} ${
      updated === 1 ? 'atualizado' : 'atualizados'
    }, ${invalid} com erro.`,
  errorsTitle: 'Erros encontrados',
  warningsTitle: 'Avisos',
  truncated: (shown: number, total: number) => `Mostrando ${shown} de ${total}.`,
  warningsSummary: (count: number) =>
    `${count} ${count === 1 ? 'aviso' : 'avisos'} sobre os preços: confira antes de importar (não impedem a importação).`,
  pricesTitle: 'Preços por linha',
  pricesHelp:
    'Ouro, Prata e Bronze: o preço de compra mais o percentual de cada nível. Varejo: o preço de venda, para clientes sem nível.',
  pricesTruncated: (shown: number) => `Mostrando as primeiras ${shown} linhas.`,
  priceColumns: ['Linha', 'Produto', 'Compra', 'Ouro', 'Prata', 'Bronze', 'Varejo'],
  showMeanings: 'O que cada coluna significa',
  hideMeanings: 'Ocultar o significado das colunas',
  meaningsTitle: 'O que cada coluna significa',
  meaning: 'Significado',
  requiredColumn: (header: string) => `${header} (obrigatória num cadastro novo)`,
  line: 'Linha',
  column: 'Coluna',
  message: 'Mensagem',
  fixOrSkip:
    'Corrija a planilha e envie de novo, ou marque “Ignorar linhas com erro” para importar só as linhas corretas.',
  nothingToImport: 'Nenhuma linha a importar.',
  confirm: (created: number, updated: number) =>
    `Importar a planilha: ${created} ${created === 1 ? 'cadastro novo' : 'cadastros novos'} e ${updated} ${
      updated === 1 ? 'atualização' : 'atualizações'
    }? Confirma operação?`,
  done: (created: number, updated: number) =>
    `Importação concluída: ${created} ${created === 1 ? 'criado' : 'criados'}, ${updated} ${
      updated === 1 ? 'atualizado' : 'atualizados'
    }.`,
  notImported: 'Nada foi importado: a planilha tem erros.',
  failed: 'Não foi possível importar a planilha.',
} as const;
