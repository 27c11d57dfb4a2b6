/**
 * A codecoder.json parse error in one sentence: the location once. The parser's message may
 * already begin with the file and the location ("codecoder.json: line 1, column 18: …"); the
 * view's line and column are said by the caller, so that prefix is dropped here.
 */
export function fileErrorDetail(error: { message: string; line?: number | undefined; column?: number | undefined }): string {
  if (error.line === undefined) return error.message;
  return error.message.replace(/^\s*(?:codecoder\.json:\s*)?line \d+(?:,\s*column \d+)?:\s*/i, '');
}

/** "at line 1, column 18" (or "" without a location). */
export function fileErrorWhere(error: { line?: number | undefined; column?: number | undefined }): string {
  if (error.line === undefined) return '';
  return `at line ${error.line}${error.column !== undefined ? `, column ${error.column}` : ''}`;
}
