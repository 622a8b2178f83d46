/**
 * Every service migration creates its schema with `IF NOT EXISTS`: a database made before the service had
 * tables of its own already holds the schema (its outbox and inbox tables, db/messaging.ts), and a plain
 * `CREATE SCHEMA` would stop that database from starting after an upgrade.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const servicesDir = path.resolve(import.meta.dirname, '../../../../services');
const migrations = fs.readdirSync(servicesDir).flatMap((service) => {
  const dir = path.join(servicesDir, service, 'migrations');
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.sql'))
        .map((f) => path.join(dir, f))
    : [];
});

describe('service migrations', () => {
  it('exist', () => {
    expect(migrations.length).toBeGreaterThan(0);
  });

  it.each(migrations.map((m) => [path.relative(servicesDir, m), m]))(
    '%s creates schemas IF NOT EXISTS',
    (_name, file) => {
      const sql = fs.readFileSync(file, 'utf8');
      expect(sql).not.toMatch(/CREATE SCHEMA (?!IF NOT EXISTS)/i);
    },
  );
});
