/**
 * Our own rules for infra/docker/Dockerfile: its stages, and the user and health check of every runtime
 * target; dockerfile.test.ts proves each fails on a broken copy.
 */

/** One stage of a Dockerfile: its name, its base and its instructions. */
export interface DockerStage {
  name: string | undefined;
  from: string;
  lines: string[];
}

/** The stages of a Dockerfile (continuation lines joined, comments dropped). */
export function dockerStages(text: string): DockerStage[] {
  const lines = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  const stages: DockerStage[] = [];
  for (const line of lines) {
    const from = /^FROM\s+(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ from: from[1]!, name: from[2], lines: [] });
    else stages.at(-1)?.lines.push(line);
  }
  return stages;
}

/** The user a stage runs as: its last USER, else its parent stage's, else the base image's (unknown → root). */
function stageUser(stages: DockerStage[], stage: DockerStage): string {
  const user = stage.lines.filter((l) => /^USER\s/i.test(l)).at(-1);
  if (user) return user.replace(/^USER\s+/i, '').trim();
  const parent = stages.find((s) => s.name === stage.from);
  return parent ? stageUser(stages, parent) : 'root';
}

/**
 * Each runtime target — the final stage, every server stage named in `servers` and every tool stage named
 * in `tools` — runs as a non-root numeric user (Kubernetes' runAsNonRoot can only verify a numeric one);
 * servers (and the final stage) also have a HEALTHCHECK on /healthz.
 */
export function dockerfileProblems(text: string, servers: string[], tools: string[] = []): string[] {
  const problems: string[] = [];
  const stages = dockerStages(text);
  const last = stages.at(-1);
  if (!last) return ['no stage'];
  const targets = [...servers, ...tools];
  const runtime = new Set([last, ...stages.filter((s) => s.name && targets.includes(s.name))]);
  for (const t of targets) if (!stages.some((s) => s.name === t)) problems.push(`no stage ${t}`);
  for (const stage of runtime) {
    const label = stage.name ?? 'final stage';
    const user = stageUser(stages, stage);
    const uid = user.split(':')[0] ?? '';
    if (!/^\d+$/.test(uid)) problems.push(`${label}: USER ${user} is not a numeric user`);
    else if (Number(uid) === 0) problems.push(`${label}: runs as root (USER ${user})`);
    const server = stage === last || servers.includes(stage.name ?? '');
    if (server && !stage.lines.some((l) => /^HEALTHCHECK\s/i.test(l) && l.includes('/healthz'))) {
      problems.push(`${label}: no HEALTHCHECK on /healthz`);
    }
  }
  return problems;
}

/**
 * Issue 26, for each Node runtime target in `nodeTargets`:
 * - it starts compiled JavaScript with node alone: its ENTRYPOINT (else its CMD) runs `node` on a `dist/….js`
 *   file and mentions neither tsx nor a `.ts` file;
 * - its `node_modules` come from a stage that installs one deployable's production dependencies
 *   (`npm ci --omit=dev -w <workspace>`), not the whole monorepo's;
 * and the Dockerfile's default NODE_IMAGE is the Node version `nvmrc` names (the one CI tests).
 */
export function nodeRuntimeProblems(text: string, nodeTargets: string[], nvmrc: string): string[] {
  const problems: string[] = [];
  const stages = dockerStages(text);
  const version = nvmrc.trim();
  const image = /^ARG NODE_IMAGE=node:([^\s-]+)-/m.exec(text)?.[1];
  if (image !== version) problems.push(`NODE_IMAGE is node:${image ?? '?'}, .nvmrc says ${version}`);
  for (const name of nodeTargets) {
    const stage = stages.find((s) => s.name === name);
    if (!stage) {
      problems.push(`no stage ${name}`);
      continue;
    }
    // The program is the ENTRYPOINT's when there is one (CMD then only gives its arguments), else the CMD's.
    const last = (word: string) => stage.lines.filter((l) => new RegExp(`^${word}\\s`, 'i').test(l)).at(-1);
    const start = last('ENTRYPOINT') ?? last('CMD') ?? '';
    if (!/\bnode\b/.test(start) || !/dist\/[\w./${}-]+\.js/.test(start) || /tsx|\.ts\b/.test(start)) {
      problems.push(`${name}: does not start compiled JavaScript with node alone (${start || 'no CMD'})`);
    }
    const copy = stage.lines.find((l) => /^COPY\s+--from=\S+\s+\/app\/node_modules\s/i.test(l));
    const from = copy ? /--from=(\S+)/.exec(copy)![1] : undefined;
    const install = stages.find((s) => s.name === from)?.lines.join(' ') ?? '';
    if (!/npm ci\b[^&]*--omit=dev[^&]*\s-w\s/.test(install)) {
      problems.push(
        `${name}: node_modules are not one workspace's production dependencies (npm ci --omit=dev -w …)`,
      );
    }
  }
  return problems;
}
