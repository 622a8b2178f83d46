/**
 * Our own rules for the Kubernetes manifests in infra/k8s (beyond their JSON schemas): probes, resources,
 * the restricted Pod Security Standard, secrets by reference, queues declared first, preStop sleeps, grace
 * periods and topology spread, autoscalers, disruption budgets and Services, metrics, the Ingress, PUBLIC_URL
 * wherever production runs, the ops CLI's Job and CronJobs, kustomizations (NetworkPolicies: network.ts).
 * Each returns its problems as sentences (empty = fine); manifests.test.ts proves each fails on a broken
 * copy.
 */
import fs from 'node:fs';
import path from 'node:path';
import { publicUrlOrigin } from '../../../packages/platform/src/origin';
import { CREDENTIAL_URL, type Doc, SECRET_NAME } from './yaml';

const ofKind = (docs: Doc[], apiVersion: string, kind: string): Doc[] =>
  docs.filter((d) => d.apiVersion === apiVersion && d.kind === kind);

/** The pod spec of a Deployment, Job or CronJob (its job template's pod), and its containers, init ones too. */
function podSpecs(workload: Doc): { pod: Doc; containers: Doc[] } {
  const template =
    workload.kind === 'CronJob' ? workload.spec?.jobTemplate?.spec?.template : workload.spec?.template;
  const pod = template?.spec ?? {};
  return { pod, containers: [...(pod.containers ?? []), ...(pod.initContainers ?? [])] };
}

/** Probes, resources (init containers too), non-root, secret env only by reference. */
export function deploymentProblems(docs: Doc[]): string[] {
  const problems: string[] = [];
  const deployments = ofKind(docs, 'apps/v1', 'Deployment');
  if (deployments.length === 0) problems.push('no Deployment found');
  for (const d of deployments) {
    const name = `Deployment ${d.metadata?.name}`;
    const { pod, containers } = podSpecs(d);
    if (containers.length === 0) problems.push(`${name}: no containers`);
    for (const c of containers) {
      const where = `${name}, container ${c.name}`;
      const init = (pod.initContainers ?? []).includes(c);
      if (!init && c.readinessProbe?.httpGet?.path !== '/readyz')
        problems.push(`${where}: readiness probe is not GET /readyz`);
      if (!init && c.livenessProbe?.httpGet?.path !== '/healthz')
        problems.push(`${where}: liveness probe is not GET /healthz`);
      for (const kind of ['requests', 'limits'] as const) {
        for (const res of ['cpu', 'memory']) {
          if (c.resources?.[kind]?.[res] === undefined)
            problems.push(`${where}: no resources.${kind}.${res}`);
        }
      }
      const nonRoot = c.securityContext?.runAsNonRoot ?? pod.securityContext?.runAsNonRoot;
      if (nonRoot !== true) problems.push(`${where}: runAsNonRoot is not true`);
      const user = c.securityContext?.runAsUser ?? pod.securityContext?.runAsUser;
      if (user === 0) problems.push(`${where}: runs as user 0`);
    }
    problems.push(...secretEnvProblems(name, containers));
  }
  return problems;
}

/**
 * Jobs and CronJobs (the ops CLI) take secrets by reference too, and meet the restricted Pod Security
 * Standard (the same pod rules as the Deployments').
 */
export function jobProblems(docs: Doc[]): string[] {
  return [...ofKind(docs, 'batch/v1', 'Job'), ...ofKind(docs, 'batch/v1', 'CronJob')].flatMap((j) => {
    const { pod, containers } = podSpecs(j);
    const name = `${j.kind} ${j.metadata?.name ?? j.metadata?.generateName}`;
    const problems = secretEnvProblems(name, containers);
    if (pod.securityContext?.runAsNonRoot !== true) problems.push(`${name}: runAsNonRoot is not true`);
    return [...problems, ...restrictedPodProblems(name, pod, containers)];
  });
}

/**
 * The restricted Pod Security Standard (the example overlay's namespace enforces it) beyond non-root:
 * RuntimeDefault seccomp, no privilege escalation and every capability dropped, in every container.
 */
function restrictedPodProblems(name: string, pod: Doc, containers: Doc[]): string[] {
  const problems: string[] = [];
  for (const c of containers) {
    const where = `${name}, container ${c.name}`;
    const seccomp = c.securityContext?.seccompProfile?.type ?? pod.securityContext?.seccompProfile?.type;
    if (seccomp !== 'RuntimeDefault' && seccomp !== 'Localhost')
      problems.push(`${where}: no RuntimeDefault seccomp profile`);
    if (c.securityContext?.allowPrivilegeEscalation !== false) {
      problems.push(`${where}: allowPrivilegeEscalation is not false`);
    }
    if (!(c.securityContext?.capabilities?.drop ?? []).includes('ALL'))
      problems.push(`${where}: capabilities not dropped`);
  }
  return problems;
}

/** Every Deployment meets the restricted Pod Security Standard (restrictedPodProblems). */
export function restrictedProblems(docs: Doc[]): string[] {
  return ofKind(docs, 'apps/v1', 'Deployment').flatMap((d) => {
    const { pod, containers } = podSpecs(d);
    return restrictedPodProblems(`Deployment ${d.metadata?.name}`, pod, containers);
  });
}

/**
 * Every service (pods labelled component `service`) declares the consumers' queues in an init container
 * before it starts, with AMQP_URL from the Secret: events of a first start would be lost otherwise.
 */
export function topologyProblems(docs: Doc[]): string[] {
  const problems: string[] = [];
  for (const d of ofKind(docs, 'apps/v1', 'Deployment')) {
    if (d.spec?.template?.metadata?.labels?.['app.kubernetes.io/component'] !== 'service') continue;
    const init = (d.spec?.template?.spec?.initContainers ?? []).find((c: Doc) =>
      [...(c.command ?? []), ...(c.args ?? [])].includes('scripts/dist/declare-topology.js'),
    );
    if (!init)
      problems.push(`Deployment ${d.metadata?.name}: no init container declaring the consumer queues`);
    else if (!(init.env ?? []).some((e: Doc) => e.name === 'AMQP_URL' && e.valueFrom?.secretKeyRef)) {
      problems.push(
        `Deployment ${d.metadata?.name}: the queue-declaring init container has no AMQP_URL from the Secret`,
      );
    }
  }
  return problems;
}

/** Env entries named like secrets come from a secretKeyRef; no literal value carries credentials. */
function secretEnvProblems(name: string, containers: Doc[]): string[] {
  const problems: string[] = [];
  for (const c of containers) {
    for (const e of c.env ?? []) {
      const where = `${name}, container ${c.name}, env ${e.name}`;
      if (SECRET_NAME.test(e.name) && (e.value !== undefined || !e.valueFrom?.secretKeyRef)) {
        problems.push(`${where}: a secret must come from a secretKeyRef, not a literal value`);
      }
      if (typeof e.value === 'string' && (CREDENTIAL_URL.test(e.value) || e.value.includes('PRIVATE KEY'))) {
        problems.push(`${where}: literal credentials in the value`);
      }
    }
  }
  return problems;
}

/** ConfigMaps hold no secrets (neither by name nor as credentials inside a URL). */
export function configMapProblems(docs: Doc[]): string[] {
  const problems: string[] = [];
  for (const cm of ofKind(docs, 'v1', 'ConfigMap')) {
    for (const [key, value] of Object.entries(cm.data ?? {})) {
      if (SECRET_NAME.test(key))
        problems.push(`ConfigMap ${cm.metadata?.name}: secret ${key} in a ConfigMap`);
      if (typeof value === 'string' && CREDENTIAL_URL.test(value)) {
        problems.push(`ConfigMap ${cm.metadata?.name}: ${key} carries credentials`);
      }
    }
  }
  return problems;
}

/**
 * An autoscaling/v2 HorizontalPodAutoscaler targets each of `names`, and that Deployment exists; no
 * autoscaler scales on memory (a process's memory is its caches' bounds and its heap, which fill whatever
 * the load: a catalog replica above a memory target stays there and pins the maximum of replicas, ADR 21).
 */
export function hpaProblems(docs: Doc[], names: string[]): string[] {
  const problems: string[] = [];
  const deployments = new Set(ofKind(docs, 'apps/v1', 'Deployment').map((d) => d.metadata?.name));
  const hpas = ofKind(docs, 'autoscaling/v2', 'HorizontalPodAutoscaler');
  for (const name of names) {
    const hpa = hpas.find(
      (h) => h.spec?.scaleTargetRef?.kind === 'Deployment' && h.spec?.scaleTargetRef?.name === name,
    );
    if (!hpa) problems.push(`no autoscaling/v2 HorizontalPodAutoscaler for Deployment ${name}`);
    else if (!deployments.has(name))
      problems.push(`HorizontalPodAutoscaler ${hpa.metadata?.name}: no Deployment ${name}`);
    else if ((hpa.spec?.minReplicas ?? 1) < 2)
      problems.push(`HorizontalPodAutoscaler for ${name}: minReplicas < 2`);
  }
  for (const h of hpas) {
    if (h.spec?.metrics?.some((m: Doc) => m.resource?.name === 'memory'))
      problems.push(`HorizontalPodAutoscaler ${h.metadata?.name}: scales on memory`);
  }
  for (const d of ofKind(docs, 'apps/v1', 'Deployment')) {
    const scaled = hpas.some((h) => h.spec?.scaleTargetRef?.name === d.metadata?.name);
    if (scaled && d.spec?.replicas !== undefined) {
      problems.push(
        `Deployment ${d.metadata?.name}: sets replicas although a HorizontalPodAutoscaler owns them`,
      );
    }
  }
  return problems;
}

const selects = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  selector !== undefined &&
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([k, v]) => labels?.[k] === v);

/** A policy/v1 PodDisruptionBudget and a Service select each Deployment's pods. */
export function pdbAndServiceProblems(docs: Doc[]): string[] {
  const problems: string[] = [];
  const pdbs = ofKind(docs, 'policy/v1', 'PodDisruptionBudget');
  const services = ofKind(docs, 'v1', 'Service');
  for (const d of ofKind(docs, 'apps/v1', 'Deployment')) {
    const labels = d.spec?.template?.metadata?.labels;
    if (!pdbs.some((p) => selects(p.spec?.selector?.matchLabels, labels))) {
      problems.push(`Deployment ${d.metadata?.name}: no policy/v1 PodDisruptionBudget selects its pods`);
    }
    if (!services.some((s) => selects(s.spec?.selector, labels))) {
      problems.push(`Deployment ${d.metadata?.name}: no Service selects its pods`);
    }
  }
  return problems;
}

/** Pods scraped by Prometheus serve /metrics and get METRICS_TOKEN from a Secret; Node processes are scraped. */
export function metricsProblems(docs: Doc[]): string[] {
  const problems: string[] = [];
  for (const d of ofKind(docs, 'apps/v1', 'Deployment')) {
    const annotations = d.spec?.template?.metadata?.annotations ?? {};
    const node = d.spec?.template?.metadata?.labels?.['app.kubernetes.io/component'] !== 'web';
    const scraped = annotations['prometheus.io/scrape'] === 'true';
    if (node && !scraped) problems.push(`Deployment ${d.metadata?.name}: not scraped by Prometheus`);
    if (!scraped) continue;
    if (annotations['prometheus.io/path'] !== '/metrics') {
      problems.push(`Deployment ${d.metadata?.name}: prometheus.io/path is not /metrics`);
    }
    const token = podSpecs(d)
      .containers.flatMap((c) => c.env ?? [])
      .find((e: Doc) => e.name === 'METRICS_TOKEN');
    if (!token?.valueFrom?.secretKeyRef) {
      problems.push(`Deployment ${d.metadata?.name}: METRICS_TOKEN does not come from a Secret`);
    }
  }
  return problems;
}

/**
 * Every container that runs with NODE_ENV=production — from a ConfigMap it takes whole (`envFrom`) or its
 * own `env` — has PUBLIC_URL, and a written one is an origin the platform's config accepts
 * (`publicUrlOrigin`): production refuses to start without it (issue 47).
 */
export function publicUrlProblems(docs: Doc[]): string[] {
  const problems: string[] = [];
  const configMaps = new Map(ofKind(docs, 'v1', 'ConfigMap').map((c) => [c.metadata?.name, c.data ?? {}]));
  const workloads = [
    ...ofKind(docs, 'apps/v1', 'Deployment'),
    ...ofKind(docs, 'batch/v1', 'Job'),
    ...ofKind(docs, 'batch/v1', 'CronJob'),
  ];
  for (const w of workloads) {
    for (const c of podSpecs(w).containers) {
      const where = `${w.kind} ${w.metadata?.name}, container ${c.name}`;
      // Written values, and the names whose value comes from elsewhere (a Secret, a field).
      const values: Record<string, string> = {};
      const referenced = new Set<string>();
      for (const from of c.envFrom ?? []) Object.assign(values, configMaps.get(from.configMapRef?.name));
      for (const e of c.env ?? []) {
        if (e.value !== undefined) values[e.name] = String(e.value);
        else referenced.add(e.name);
      }
      if (values.NODE_ENV !== 'production') continue;
      const url = values.PUBLIC_URL;
      if (url === undefined) {
        if (!referenced.has('PUBLIC_URL')) problems.push(`${where}: NODE_ENV=production without PUBLIC_URL`);
        continue;
      }
      try {
        publicUrlOrigin(url);
      } catch (err) {
        problems.push(`${where}: PUBLIC_URL ${(err as Error).message}`);
      }
    }
  }
  return problems;
}

/**
 * The Ingress routes to existing Services, and its hosts are exactly the hosts of PUBLIC_URL (to the
 * gateway) and of each REMOTE_*_URL (to that remote), as the runtime federation manifest says.
 */
export function ingressProblems(docs: Doc[]): string[] {
  const problems: string[] = [];
  const services = new Set(ofKind(docs, 'v1', 'Service').map((s) => s.metadata?.name));
  const config = ofKind(docs, 'v1', 'ConfigMap').find((c) => c.data?.PUBLIC_URL)?.data ?? {};
  const ingresses = ofKind(docs, 'networking.k8s.io/v1', 'Ingress');
  if (ingresses.length === 0) return ['no networking.k8s.io/v1 Ingress'];
  const routes = new Map<string, string>();
  for (const ing of ingresses) {
    for (const rule of ing.spec?.rules ?? []) {
      for (const p of rule.http?.paths ?? []) {
        const svc = p.backend?.service?.name;
        if (!services.has(svc)) problems.push(`Ingress ${ing.metadata?.name}: no Service ${svc}`);
        if (p.path === '/') routes.set(rule.host, svc);
      }
    }
    const tlsHosts = new Set((ing.spec?.tls ?? []).flatMap((t: Doc) => t.hosts ?? []));
    for (const rule of ing.spec?.rules ?? []) {
      if (!tlsHosts.has(rule.host))
        problems.push(`Ingress ${ing.metadata?.name}: host ${rule.host} has no TLS`);
    }
  }
  const expected: Array<[string, string | undefined]> = [['gateway', config.PUBLIC_URL]];
  for (const name of ['catalog', 'sell', 'account', 'admin']) {
    expected.push([`mfe-${name}`, config[`REMOTE_${name.toUpperCase()}_URL`]]);
  }
  for (const [svc, url] of expected) {
    if (!url) {
      problems.push(`ConfigMap: no URL for ${svc}`);
      continue;
    }
    const host = new URL(url).hostname;
    if (routes.get(host) !== svc)
      problems.push(`Ingress: host ${host} (from the ConfigMap) does not route / to ${svc}`);
  }
  return problems;
}

/** A process's drain after SIGTERM, in seconds: HTTP connections 10 s (platform `listen`), then the rest. */
export const DRAIN_SECONDS = 15;

/**
 * Rollouts and node loss: each Deployment's containers sleep in a `preStop` hook (the Service's endpoints
 * drop the pod before SIGTERM), its `terminationGracePeriodSeconds` covers that sleep plus
 * {@link DRAIN_SECONDS}, and its replicas spread over zones and nodes (topologySpreadConstraints on
 * `topology.kubernetes.io/zone` and `kubernetes.io/hostname` selecting its own pods).
 */
export function lifecycleProblems(docs: Doc[]): string[] {
  const problems: string[] = [];
  for (const d of ofKind(docs, 'apps/v1', 'Deployment')) {
    const name = `Deployment ${d.metadata?.name}`;
    const pod = d.spec?.template?.spec ?? {};
    let longest = 0;
    for (const c of pod.containers ?? []) {
      const command: unknown[] = c.lifecycle?.preStop?.exec?.command ?? [];
      const seconds =
        c.lifecycle?.preStop?.sleep?.seconds ?? (command[0] === 'sleep' ? Number(command[1]) : 0);
      if (!(seconds > 0)) problems.push(`${name}, container ${c.name}: no preStop sleep`);
      longest = Math.max(longest, seconds || 0);
    }
    const grace = pod.terminationGracePeriodSeconds ?? 30;
    if (grace < longest + DRAIN_SECONDS) {
      problems.push(
        `${name}: terminationGracePeriodSeconds ${grace} < preStop ${longest} s + drain ${DRAIN_SECONDS} s`,
      );
    }
    const own = d.spec?.selector?.matchLabels?.['app.kubernetes.io/name'];
    for (const key of ['topology.kubernetes.io/zone', 'kubernetes.io/hostname']) {
      const spread = (pod.topologySpreadConstraints ?? []).some(
        (t: Doc) => t.topologyKey === key && t.labelSelector?.matchLabels?.['app.kubernetes.io/name'] === own,
      );
      if (!spread) problems.push(`${name}: replicas not spread over ${key}`);
    }
  }
  return problems;
}

/** The metrics our processes export (their `name:` in packages/platform/src/metrics.ts). */
export function exportedMetrics(metricsSource: string): Set<string> {
  return new Set([...metricsSource.matchAll(/\bname: '([a-z_]+)'/g)].map((m) => m[1]!));
}

/**
 * The PrometheusRule: an alert per metric docs/operations.md says to alert on (`alertOn`), each with a `for`
 * duration, a `severity` label and a `summary`; its expressions name only metrics our processes export.
 */
export function prometheusRuleProblems(docs: Doc[], exported: Set<string>, alertOn: string[]): string[] {
  const problems: string[] = [];
  const alerts = ofKind(docs, 'monitoring.coreos.com/v1', 'PrometheusRule')
    .flatMap((r) => r.spec?.groups ?? [])
    .flatMap((g: Doc) => g.rules ?? [])
    .filter((r: Doc) => r.alert);
  for (const a of alerts) {
    const expr = String(a.expr ?? '');
    // Snake-case words are metric names, except a label matched in a selector (`status_code=~…`).
    for (const [metric] of expr.matchAll(/\b[a-z]+(?:_[a-z]+)+\b(?!\s*[=!])/g)) {
      if (!exported.has(metric)) problems.push(`alert ${a.alert}: no process exports ${metric}`);
    }
    if (!a.for) problems.push(`alert ${a.alert}: no 'for' duration`);
    if (!a.labels?.severity) problems.push(`alert ${a.alert}: no severity label`);
    if (!a.annotations?.summary) problems.push(`alert ${a.alert}: no summary`);
  }
  for (const metric of alertOn) {
    if (!alerts.some((a: Doc) => new RegExp(`\\b${metric}\\b`).test(String(a.expr ?? '')))) {
      problems.push(`no alert on ${metric}`);
    }
  }
  return problems;
}

/**
 * CronJobs run one at a time and clean up after themselves: `concurrencyPolicy: Forbid` (a slow run is not
 * doubled), `startingDeadlineSeconds` (a long-missed run is skipped, not started late), both history limits,
 * and a job template with `backoffLimit` and `activeDeadlineSeconds` (a stuck run ends). Semantics:
 * https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/
 */
export function cronJobProblems(docs: Doc[]): string[] {
  const problems: string[] = [];
  for (const c of ofKind(docs, 'batch/v1', 'CronJob')) {
    const name = `CronJob ${c.metadata?.name}`;
    if (c.spec?.concurrencyPolicy !== 'Forbid') problems.push(`${name}: concurrencyPolicy is not Forbid`);
    for (const field of ['startingDeadlineSeconds', 'successfulJobsHistoryLimit', 'failedJobsHistoryLimit']) {
      if (c.spec?.[field] === undefined) problems.push(`${name}: no ${field}`);
    }
    for (const field of ['backoffLimit', 'activeDeadlineSeconds']) {
      if (c.spec?.jobTemplate?.spec?.[field] === undefined) problems.push(`${name}: no jobTemplate ${field}`);
    }
  }
  return problems;
}

/** The ops CLI's commands and each one's usage line, from its USAGE text (scripts/ops.ts). */
export function opsCommands(usage: string): Map<string, string> {
  const commands = new Map<string, string>();
  // Command lines are indented by two spaces; continuation lines by more, the rest not at all.
  for (const [, line] of usage.matchAll(/^ {2}(\S.*)$/gm)) {
    const words: string[] = [];
    for (const token of line!.split(/ {2,}/)[0]!.split(' ')) {
      if (/^[[<-]/.test(token)) break;
      words.push(token);
    }
    // The environment line's continuation is indented too, but starts with no command word.
    if (words.length > 0 && words.every((w) => /^[a-z][a-z-]*$/.test(w)))
      commands.set(words.join(' '), line!);
  }
  return commands;
}

const opsPods = (docs: Doc[]) =>
  [...ofKind(docs, 'batch/v1', 'Job'), ...ofKind(docs, 'batch/v1', 'CronJob')].filter((j) =>
    podSpecs(j).containers.some((c) => /(^|\/)ops(:|$)/.test(String(c.image))),
  );

/**
 * Jobs and CronJobs of the ops image run a command the CLI has (its USAGE text, scripts/ops.ts), with only
 * the options that command's usage line shows: renaming a command breaks the manifest that runs it.
 */
export function opsCommandProblems(docs: Doc[], usage: string): string[] {
  const problems: string[] = [];
  const commands = opsCommands(usage);
  for (const j of opsPods(docs)) {
    const name = `${j.kind} ${j.metadata?.name ?? j.metadata?.generateName}`;
    for (const c of podSpecs(j).containers) {
      const args: string[] = (c.args ?? []).map(String);
      const command = [...commands.keys()]
        .filter((k) => k.split(' ').every((w, i) => args[i] === w))
        .sort((a, b) => b.length - a.length)[0];
      if (command === undefined) {
        problems.push(`${name}: \`${args.join(' ')}\` is not an ops command (scripts/ops.ts USAGE)`);
        continue;
      }
      const options = new Set(commands.get(command)!.match(/--[a-z-]+/g));
      for (const option of args.filter((a) => a.startsWith('--'))) {
        if (!options.has(option)) problems.push(`${name}: ${option} is not an option of \`${command}\``);
      }
    }
  }
  return problems;
}

/**
 * The ops CLI reaches each service's database by `<SERVICE>_DATABASE_URL` (scripts/distributed/settings.ts):
 * in a Job or CronJob of the ops image it comes from the same Secret key as that service's Deployment's
 * DATABASE_URL, and a `prune` command (outbox, inbox: every service's tables) has every service's.
 */
export function opsDatabaseProblems(docs: Doc[]): string[] {
  const problems: string[] = [];
  const keys = new Map<string, string>();
  for (const d of ofKind(docs, 'apps/v1', 'Deployment')) {
    const url = podSpecs(d)
      .containers.flatMap((c) => c.env ?? [])
      .find((e: Doc) => e.name === 'DATABASE_URL');
    if (url?.valueFrom?.secretKeyRef) {
      keys.set(
        `${String(d.metadata?.name).toUpperCase().replace(/-/g, '_')}_DATABASE_URL`,
        url.valueFrom.secretKeyRef.key,
      );
    }
  }
  for (const j of opsPods(docs)) {
    const name = `${j.kind} ${j.metadata?.name ?? j.metadata?.generateName}`;
    for (const c of podSpecs(j).containers) {
      const env: Doc[] = c.env ?? [];
      for (const e of env.filter((x) => /^\w+_DATABASE_URL$/.test(x.name))) {
        const key = e.valueFrom?.secretKeyRef?.key;
        if (!keys.has(e.name)) problems.push(`${name}: ${e.name} names no Deployment with a DATABASE_URL`);
        else if (key !== keys.get(e.name))
          problems.push(`${name}: ${e.name} is Secret key ${key}, the Deployment's is ${keys.get(e.name)}`);
      }
      if ((c.args ?? [])[1] === 'prune') {
        for (const variable of keys.keys()) {
          if (!env.some((e) => e.name === variable)) problems.push(`${name}: prunes without ${variable}`);
        }
      }
    }
  }
  return problems;
}

/** Every Kubernetes-level rule at once. */
export function k8sProblems(docs: Doc[]): string[] {
  return [
    ...deploymentProblems(docs),
    ...restrictedProblems(docs),
    ...topologyProblems(docs),
    ...lifecycleProblems(docs),
    ...configMapProblems(docs),
    ...hpaProblems(docs, ['gateway', 'catalog']),
    ...pdbAndServiceProblems(docs),
    ...metricsProblems(docs),
    ...ingressProblems(docs),
    ...publicUrlProblems(docs),
    ...jobProblems(docs),
    ...cronJobProblems(docs),
    ...opsDatabaseProblems(docs),
  ];
}

/** Local paths a kustomization.yaml refers to (resources, patches, generators' files). */
function kustomizationRefs(k: Doc): string[] {
  const refs: string[] = [...(k.resources ?? []), ...(k.components ?? [])];
  for (const p of [...(k.patches ?? []), ...(k.patchesStrategicMerge ?? [])]) {
    if (typeof p === 'string') refs.push(p);
    else if (p?.path) refs.push(p.path);
  }
  for (const g of [...(k.configMapGenerator ?? []), ...(k.secretGenerator ?? [])]) {
    for (const f of g.files ?? []) refs.push(String(f).split('=').pop() ?? '');
    for (const f of g.envs ?? []) refs.push(f);
  }
  return refs.filter((r) => !/^[a-z]+:\/\//.test(r));
}

/** A kustomization lists only files that exist, and lists every YAML file beside it. */
export function kustomizationProblems(file: string, k: Doc): string[] {
  const problems: string[] = [];
  const dir = path.dirname(file);
  const refs = kustomizationRefs(k);
  for (const ref of refs) {
    const target = path.resolve(dir, ref);
    if (!fs.existsSync(target)) problems.push(`${file}: lists ${ref}, which does not exist`);
    else if (fs.statSync(target).isDirectory() && !fs.existsSync(path.join(target, 'kustomization.yaml'))) {
      problems.push(`${file}: ${ref} is a folder without kustomization.yaml`);
    }
  }
  const listed = new Set(refs.map((r) => path.resolve(dir, r)));
  for (const entry of fs.readdirSync(dir)) {
    if (!/\.ya?ml$/.test(entry) || entry === path.basename(file)) continue;
    if (!listed.has(path.resolve(dir, entry))) problems.push(`${file}: does not list ${entry}`);
  }
  return problems;
}
