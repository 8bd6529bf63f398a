/** The backups' passphrase set in the app (issue 53 finding 13, decision 0068): its form, step and card lines. */
export const BACKUP_PASSPHRASE_TEXTS = {
  title: 'Senha dos backups',
  intro:
    'Com uma senha, cada backup sai criptografado: quem copiar o servidor ou um arquivo de backup não lê os dados dos clientes. O servidor não guarda a senha, só uma chave que serve para criptografar.',
  whereToKeep:
    'Guarde a senha fora do servidor: num gerenciador de senhas da loja, ou escrita em papel no cofre. Sem ela, os backups não podem ser restaurados — ninguém, nem o suporte, consegue recuperá-la.',
  passphrase: 'Senha dos backups',
  passphraseHelp: 'Pelo menos 12 caracteres: uma frase de 4 ou 5 palavras é fácil de guardar e difícil de adivinhar.',
  confirmation: 'Repita a senha',
  mismatch: 'As duas senhas não são iguais.',
  save: 'Definir senha',
  change: 'Trocar senha',
  saved: 'Senha dos backups definida: os próximos backups saem criptografados.',
  failed: 'Não foi possível definir a senha dos backups.',
  later: 'Fazer depois',
  fromApp:
    'Backups criptografados com a senha definida aqui (formato age). Os backups feitos antes continuam como foram feitos; uma senha nova vale para os próximos.',
  fromServer:
    'Backups criptografados com a senha definida em BACKUP_PASSPHRASE no servidor (formato age): ela vale sobre a definida aqui. Guarde-a fora do servidor: sem ela nenhum backup pode ser restaurado.',
  none: 'Backups sem criptografia: cada arquivo traz os dados de todos os clientes e as senhas cifradas do sistema. Defina uma senha abaixo para criptografá-los.',
} as const;
