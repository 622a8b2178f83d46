/**
 * What the infra/ tests share (manifests.test.ts, compose.test.ts, dockerfile.test.ts): where the material
 * is, the deployables, the parsed base and ops manifests and compose file, the peer operations' owners, and
 * Kubernetes' schemas through kubernetes-models.
 */
import path from 'node:path';
import * as monitoring from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import { peerOperations, serviceNames } from '@marketplace/contracts';
import * as apps from 'kubernetes-models/apps/v1';
import * as autoscaling from 'kubernetes-models/autoscaling/v2';
import * as batch from 'kubernetes-models/batch/v1';
import * as networking from 'kubernetes-models/networking.k8s.io/v1';
import * as policy from 'kubernetes-models/policy/v1';
import * as core from 'kubernetes-models/v1';
import { type Doc, isK8sObject, parseYamlFile, yamlFiles } from './rules/yaml';

/** infra/, the repository, and the material the tests read. */
export const infra = path.resolve(import.meta.dirname, '..');
export const repo = path.resolve(infra, '..');
export const k8sDir = path.join(infra, 'k8s');
export const composeFile = path.join(infra, 'docker-compose.yml');
export const dockerfile = path.join(infra, 'docker', 'Dockerfile');

/** The services and the remotes: one Deployment and one Compose service each. */
export const SERVICES = [...serviceNames];
export const REMOTES = ['mfe-catalog', 'mfe-sell', 'mfe-account', 'mfe-admin'];

/** Model classes by apiVersion: `new Model(json).validate()` checks the object against Kubernetes' schema. */
type Model = new (data: unknown) => { validate(): void };
const models: Record<string, Record<string, unknown>> = {
  v1: core,
  'apps/v1': apps,
  'autoscaling/v2': autoscaling,
  'batch/v1': batch,
  'policy/v1': policy,
  'networking.k8s.io/v1': networking,
  // The Prometheus Operator's PrometheusRule (infra/k8s/monitoring).
  'monitoring.coreos.com/v1': monitoring,
};

/** Checks a Kubernetes object against its schema. @throws when it does not match, or no model knows it. */
export function validateK8s(doc: Doc): void {
  const Ctor = models[doc.apiVersion]?.[doc.kind] as Model | undefined;
  if (!Ctor) throw new Error(`no kubernetes-models model for ${doc.apiVersion} ${doc.kind}`);
  new Ctor(doc).validate();
}

/** A deep copy, to break. */
export const clone = <T>(v: T): T => structuredClone(v);
/** Every YAML file under infra/k8s. */
export const k8sFiles = yamlFiles(k8sDir);
/** The Kubernetes objects of infra/k8s/base. */
export const baseDocs = yamlFiles(path.join(k8sDir, 'base')).flatMap(parseYamlFile).filter(isK8sObject);
/** The Kubernetes objects of infra/k8s/ops: the one-off Job and the housekeeping CronJobs. */
export const opsDocs = yamlFiles(path.join(k8sDir, 'ops')).flatMap(parseYamlFile).filter(isK8sObject);
/** Each peer operation's owner (the service that answers it), by operation id: the contracts' declarations. */
export const operationOwners: Record<string, string> = Object.fromEntries(
  Object.entries(peerOperations).map(([id, op]) => [id, op.service]),
);
/** docker-compose.yml, parsed. */
export const compose = parseYamlFile(composeFile)[0];
