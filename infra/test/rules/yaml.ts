/**
 * Our own rules for the deployment material in infra/ (beyond the JSON schemas), part one: reading the YAML
 * files, and what the rules share. Each check (kubernetes.ts, compose.ts, dockerfile.ts) returns the
 * problems it finds as sentences (empty = fine), so the tests can show them all and so each rule can be
 * proved to fail on a broken copy (manifests.test.ts, compose.test.ts, dockerfile.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

/** A parsed YAML document. */
// biome-ignore lint/suspicious/noExplicitAny: parsed YAML is untyped; the rules check its shape themselves.
export type Doc = any;

/** Environment variable names that hold secrets: never a literal value in a manifest. */
export const SECRET_NAME = /SECRET|PASSWORD|PRIVATE_KEY|TOKEN/;
/** A URL carrying credentials (`scheme://user:pass@host`). */
export const CREDENTIAL_URL = /:\/\/[^/\s:@]+:[^/\s@]+@/;

/** Every `.yaml`/`.yml` file under `dir`, sorted. */
export function yamlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...yamlFiles(full));
    } else if (/\.ya?ml$/.test(entry.name)) out.push(full);
  }
  return out.sort();
}

/** The documents of a YAML file (merge keys `<<` resolved, as Compose does). @throws on a syntax error. */
export function parseYamlFile(file: string): Doc[] {
  const docs = YAML.parseAllDocuments(fs.readFileSync(file, 'utf8'), { merge: true });
  const list = Array.isArray(docs) ? docs : [docs];
  for (const doc of list) {
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
  }
  return list.map((d) => d.toJS()).filter((d) => d !== null && d !== undefined);
}

/** A Kubernetes object (not a kustomize file nor a JSON patch). */
export function isK8sObject(doc: Doc): boolean {
  return (
    typeof doc === 'object' &&
    !Array.isArray(doc) &&
    typeof doc.apiVersion === 'string' &&
    typeof doc.kind === 'string' &&
    !doc.apiVersion.startsWith('kustomize.config.k8s.io/')
  );
}
