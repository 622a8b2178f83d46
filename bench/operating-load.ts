/**
 * The load a catalog replica serves for long in production, as a share of what it serves on one CPU
 * (bench:price-insight's operating load, docs/adr/0021), read from the Kubernetes manifests so that the
 * benchmark follows them: the HorizontalPodAutoscaler adds a replica once the replicas' average CPU use passes
 * `averageUtilization` percent of the container's CPU *request* (Kubernetes API reference, autoscaling:
 * "target average CPU utilization (represented as a percentage of requested CPU)"), not of its limit. With a
 * request of 200m, a target of 70 % and a limit of one CPU, a replica runs at up to 0.2 × 0.7 = 0.14 CPU on
 * average: 14 % of what it serves when it has the whole CPU, which is how the benchmark measures saturation.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

/** Where the base manifests are (infra/k8s/base). */
const BASE = path.join(import.meta.dirname, '..', 'infra', 'k8s', 'base');

/**
 * A Kubernetes CPU quantity in CPUs: `"1"`, `1`, `"1.5"`, `"200m"` (millicores).
 * @throws Error when `quantity` is not one of those forms.
 */
export function cpus(quantity: string | number): number {
  const text = String(quantity).trim();
  const match = /^(\d+(?:\.\d+)?)(m?)$/.exec(text);
  if (!match) throw new Error(`not a CPU quantity: ${JSON.stringify(quantity)}`);
  return Number(match[1]) / (match[2] ? 1000 : 1);
}

/** What {@link operatingShare} is made of, for the benchmark's report. */
export interface OperatingShare {
  /** The container's CPU request, in CPUs. */
  request: number;
  /** The container's CPU limit, in CPUs: what the benchmark's replica has (one CPU of its own). */
  limit: number;
  /** The autoscaler's CPU target: a share of the request (0.7 for 70 %). */
  target: number;
  /** request × target ÷ limit: the share of a replica's saturation it serves for long. */
  share: number;
}

// biome-ignore lint/suspicious/noExplicitAny: manifests are read as plain YAML documents
type Doc = any;

/**
 * The operating share of Deployment `name`'s container of the same name from `deployment` and `hpa` (the
 * YAML texts of its manifest and of the autoscalers).
 * @throws Error when the Deployment, its container's CPU request or limit, or an autoscaler of it with a CPU
 * `Utilization` target is missing.
 */
export function operatingShareOf(name: string, deployment: string, hpa: string): OperatingShare {
  const docs = (text: string): Doc[] => parseAllDocuments(text).map((d) => d.toJSON());
  const container = docs(deployment)
    .find((d) => d?.kind === 'Deployment' && d.metadata?.name === name)
    ?.spec?.template?.spec?.containers?.find((c: Doc) => c.name === name);
  const resources = container?.resources;
  if (resources?.requests?.cpu === undefined || resources?.limits?.cpu === undefined)
    throw new Error(`Deployment ${name}: no container ${name} with a CPU request and limit`);
  const metric = docs(hpa)
    .find((d) => d?.kind === 'HorizontalPodAutoscaler' && d.spec?.scaleTargetRef?.name === name)
    ?.spec?.metrics?.find(
      (m: Doc) => m.resource?.name === 'cpu' && m.resource.target?.type === 'Utilization',
    );
  if (metric === undefined)
    throw new Error(`no HorizontalPodAutoscaler of ${name} with a CPU Utilization target`);
  const request = cpus(resources.requests.cpu);
  const limit = cpus(resources.limits.cpu);
  const target = Number(metric.resource.target.averageUtilization) / 100;
  return { request, limit, target, share: (request * target) / limit };
}

/**
 * The catalog's operating share from infra/k8s/base (`catalog.yaml`, `hpa.yaml`); see the module doc.
 * @throws Error as {@link operatingShareOf}, or when a manifest cannot be read.
 */
export function catalogOperatingShare(): OperatingShare {
  const read = (file: string) => fs.readFileSync(path.join(BASE, file), 'utf8');
  return operatingShareOf('catalog', read('catalog.yaml'), read('hpa.yaml'));
}
