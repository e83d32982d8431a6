// How the sandbox command logs an unexpected error: one line without the stack, so that a
// client sending bad requests cannot fill the log with traces or forge lines of its own.

const MAX_LINE_LENGTH = 300;

export function errorLine(error: unknown, request: Request): string {
  const line = `${request.method} ${new URL(request.url).pathname} failed: ${describe(error)}`
    // Control characters (newlines, terminal escapes) from a message become spaces.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, ' ')
    .trim();
  return line.length > MAX_LINE_LENGTH ? `${line.slice(0, MAX_LINE_LENGTH - 1)}…` : line;
}

function describe(error: unknown): string {
  try {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  } catch {
    return 'an error that cannot be described';
  }
}
