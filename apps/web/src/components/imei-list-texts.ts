/** Texts of an IMEI list, one unit a line (components/imei-list-field.tsx): the stock entry's, the note's items'. */
export const IMEI_LIST_TEXTS = {
  label: 'IMEIs (um por linha)',
  help: 'Digite, cole ou escaneie um IMEI por linha. Dois chips: IMEI;IMEI2 na mesma linha.',
  listLabel: 'Conferência dos IMEIs',
  line: (n: number) => `Linha ${n}`,
  valid: 'Válido',
  format: 'Use só dígitos: IMEI, ou IMEI;IMEI2.',
  invalid: (imeis: readonly string[]) => `Dígito verificador não confere: ${imeis.join(', ')}.`,
  repeated: (imeis: readonly string[]) => `Repetido na lista: ${imeis.join(', ')}.`,
  registered: (imei: string, product: string, code: string) => `Já cadastrado: ${imei} (${product} · ${code}).`,
  /** The good units (of `expected`, when the count is known) and the lines that cannot go as they are. */
  summary: (good: number, bad: number, expected?: number | null) =>
    `${
      expected === undefined || expected === null
        ? good === 1
          ? '1 unidade válida'
          : `${good} unidades válidas`
        : `${good} de ${expected} ${expected === 1 ? 'unidade válida' : 'unidades válidas'}`
    }${bad ? ` · ${bad === 1 ? '1 linha com problema' : `${bad} linhas com problema`}` : ''}`,
  fixLines: 'Corrija ou remova as linhas marcadas para enviar.',
} as const;
