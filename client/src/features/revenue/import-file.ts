import {
  IMPORT_MAX_CHARACTERS,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_WORKBOOK_CHARACTERS,
  OTHER_SPREADSHEET_FILE_NAME,
  SPREADSHEET_FILE_MESSAGE,
  WORKBOOK_FILE_NAME,
} from '@common/revenue-import';

/** A file as the import sends it: CSV as text, an Excel workbook as base64 (the server reads its first sheet). */
export type ImportFileSent = { csv: string; workbook?: undefined } | { workbook: string; csv?: undefined };

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: one call with every byte overflows the argument list of a large file.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

const tooLarge = (name: string) =>
  `${name} is too large: import at most ${IMPORT_MAX_ROWS.toLocaleString('en-GB')} rows at a time.`;

/** The chosen file ready to send, or why it cannot be. */
export async function readChosenFile(file: File): Promise<{ sent: ImportFileSent } | { problem: string }> {
  if (OTHER_SPREADSHEET_FILE_NAME.test(file.name)) return { problem: SPREADSHEET_FILE_MESSAGE };
  if (WORKBOOK_FILE_NAME.test(file.name)) {
    const workbook = toBase64(new Uint8Array(await file.arrayBuffer()));
    if (workbook.length > IMPORT_MAX_WORKBOOK_CHARACTERS) return { problem: tooLarge(file.name) };
    return { sent: { workbook } };
  }
  const csv = await file.text();
  if (csv.length > IMPORT_MAX_CHARACTERS) return { problem: tooLarge(file.name) };
  return { sent: { csv } };
}
