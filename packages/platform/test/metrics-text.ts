/** Reading Prometheus exposition text in tests. */

/**
 * The value of the sample `name` whose labels include every pair of `labels` (other labels may be
 * present), or undefined when there is none. Throws when several samples match (the test is ambiguous).
 */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const found: number[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = new Map<string, string>();
    for (const pair of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) have.set(pair[1]!, pair[2]!);
    if (Object.entries(labels).every(([k, v]) => have.get(k) === v)) found.push(Number(m[3]));
  }
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0];
}
