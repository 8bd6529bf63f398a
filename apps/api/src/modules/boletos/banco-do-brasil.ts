/*
 * Banco do Brasil's part of a boleto (decision 0092), from BB's "Especificações técnicas para confecção de boleto
 * de pagamento do Banco do Brasil" for a convênio of 7 digits ("nosso número de 17 posições"):
 * - nosso número: the convênio (7) and the shop's sequence (10), no check digit;
 * - the barcode's free field (positions 20-44): six zeros, the nosso número (17) and the carteira (2).
 */

/** The nosso número of the sequence `sequence` (1 to 9 999 999 999) under `convenio` (7 digits). */
export function nossoNumeroBB(convenio: string, sequence: number): string {
  if (!/^\d{7}$/.test(convenio)) throw new Error('Convênio BB: 7 dígitos.');
  if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence > 9_999_999_999)
    throw new Error('Sequência fora da faixa.');
  return `${convenio}${String(sequence).padStart(10, '0')}`;
}

/** The free field (25 digits) of a 17-digit nosso número and its carteira (2 digits). */
export function freeFieldBB(nossoNumero: string, carteira: string): string {
  if (!/^\d{17}$/.test(nossoNumero) || !/^\d{2}$/.test(carteira))
    throw new Error('Nosso número ou carteira inválidos.');
  return `000000${nossoNumero}${carteira}`;
}
