/**
 * What was wrong with a command's arguments, in one line of ours: Node's own message for an unknown
 * option tells a person who already typed `npm run -s … --` to put it after `--`.
 */
export function argumentsProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if ((error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const option = /'([^']+)'/.exec(message)?.[1];
    if (option) return `Unknown option ${option}`;
  }
  return message;
}
