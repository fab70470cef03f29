/** Turns one line of a service's pino JSON log into a short human line; other lines pass through. */

const levelNames: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const quietKeys = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'name', 'service', 'trace_id', 'span_id', 'trace_flags', 'traceId', 'spanId']);

const ansi = (code: number) => (text: string) => `\u001b[${code}m${text}\u001b[0m`;
const colorsByLevel: Record<string, (t: string) => string> = {
  WARN: ansi(33),
  ERROR: ansi(31),
  FATAL: ansi(31),
  DEBUG: ansi(90),
  TRACE: ansi(90),
};
export const nameColors = [ansi(36), ansi(35), ansi(34), ansi(32), ansi(33)];

export function formatLogLine(line: string, color: boolean): string {
  if (!line.startsWith('{')) return line;
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  // pino writes numeric levels and epoch times by default; services may configure labels and ISO times.
  const level = levelNames[Number(entry.level)] ?? String(entry.level ?? '').toUpperCase();
  const when = typeof entry.time === 'number' || typeof entry.time === 'string' ? new Date(entry.time) : undefined;
  const time = when && !Number.isNaN(when.getTime()) ? when.toTimeString().slice(0, 8) : '';
  const extras: string[] = [];
  for (const [key, value] of Object.entries(entry)) {
    if (quietKeys.has(key) || value === undefined) continue;
    if (key === 'err' && value && typeof value === 'object') {
      const err = value as { message?: string; stack?: string };
      extras.push(`\n${err.stack ?? err.message ?? JSON.stringify(err)}`);
      continue;
    }
    extras.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  const paint = color ? (colorsByLevel[level] ?? ((t: string) => t)) : (t: string) => t;
  return `${time} ${paint(level.padEnd(5))} ${String(entry.msg ?? '')}${extras.length ? ' ' + extras.join(' ') : ''}`;
}
