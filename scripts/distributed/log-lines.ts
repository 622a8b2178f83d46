/**
 * The launcher's output: each child's lines prefixed with its process name (coloured when asked), and pino
 * JSON lines condensed to `HH:MM:SS LEVEL msg {fields}`.
 */

/** ANSI colours of the prefixes, in process order (cycled). */
const COLORS = [36, 33, 35, 32, 34, 91, 96, 93, 95, 92, 94];
const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const OMITTED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'name']);

/** The prefix of a process's lines: `name | ` padded to `width`, coloured by its `index` when `color`. */
export function linePrefix(name: string, index: number, width: number, color: boolean): string {
  const tag = name.padEnd(width);
  return color ? `\x1b[${COLORS[index % COLORS.length]}m${tag} |\x1b[0m ` : `${tag} | `;
}

/** Condenses one pino JSON line to `HH:MM:SS LEVEL msg {other fields}`; other lines unchanged. */
export function formatLogLine(line: string): string {
  if (!line.startsWith('{')) return line;
  try {
    const o = JSON.parse(line) as Record<string, unknown>;
    if (typeof o.level !== 'number') return line;
    const time = typeof o.time === 'number' ? new Date(o.time).toISOString().slice(11, 19) : '';
    const req = o.req as { method?: string; url?: string } | undefined;
    const res = o.res as { statusCode?: number } | undefined;
    if (req && res) {
      // pino-http's completion line: method, URL, status and time instead of every header.
      const ids = typeof o.correlationId === 'string' ? ` ${o.correlationId.slice(0, 8)}` : '';
      return `${time} ${LEVELS[o.level] ?? o.level} ${req.method} ${req.url} ${res.statusCode} ${o.responseTime}ms${ids}`;
    }
    const rest = Object.fromEntries(Object.entries(o).filter(([k]) => !OMITTED.has(k)));
    const extra = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
    return `${time} ${LEVELS[o.level] ?? o.level} ${String(o.msg ?? '')}${extra}`;
  } catch {
    return line;
  }
}
