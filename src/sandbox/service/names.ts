// Names a person types into the dashboard (an API key's, a bank account's alias): trimmed, and
// kept to printable characters, so that a list or a log line shows them as they are.

/** The name trimmed, or undefined unless it is 1 to `max` printable characters. */
export function dashboardName(name: string, max: number): string | undefined {
  const trimmed = name.trim();
  const printable = [...trimmed].every((char) => char >= ' ' && char !== '\u007f');
  return trimmed !== '' && trimmed.length <= max && printable ? trimmed : undefined;
}
