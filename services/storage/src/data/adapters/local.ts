/**
 * Local-disk adapter (embedded default): files under `<DATA_DIR>/storage/`, written atomically (a
 * temporary file renamed into place); uploads go to the storage service's own HMAC-signed PUT route.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type UploadGrant, uploadUrlFor } from '../../domain/signing';
import type { StorageAdapter } from './types';

export interface LocalAdapterOptions {
  /** Folder holding the files, e.g. `<DATA_DIR>/storage`. */
  root: string;
  /** UPLOAD_SIGNING_SECRET. */
  secret: string;
  /** PUBLIC_URL: makes upload URLs absolute; absent → a path on the gateway. */
  publicUrl?: string;
}

/** Creates the local-disk adapter; the folder is created on the first write. */
export function createLocalAdapter(opts: LocalAdapterOptions): StorageAdapter {
  const root = path.resolve(opts.root);
  /** The file of `name`; names come from `objectNames` with checked keys, but a stray `..` is refused. */
  const fileOf = (name: string) => {
    const file = path.resolve(root, name);
    if (!file.startsWith(`${root}${path.sep}`)) throw new Error(`object name outside the store: ${name}`);
    return file;
  };
  return {
    driver: 'local',
    async uploadUrl(grant: UploadGrant) {
      return uploadUrlFor(opts.secret, grant, opts.publicUrl);
    },
    async readUpload() {
      return undefined;
    },
    async removeUpload() {},
    async write(name, data) {
      const file = fileOf(name);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.promises.writeFile(temp, data);
      await fs.promises.rename(temp, file);
    },
    async open(name) {
      const file = fileOf(name);
      try {
        const stat = await fs.promises.stat(file);
        if (!stat.isFile()) return undefined;
        return { body: fs.createReadStream(file), length: stat.size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async remove(names) {
      await Promise.all(names.map((name) => fs.promises.rm(fileOf(name), { force: true })));
    },
    close() {},
  };
}
