// The object store on the local file system (the default): each object is a file under `root`
// (DATA_DIR/objects), its key the relative path. A put writes a hidden temporary file beside the
// target and renames it over, so a reader or a crash never sees half an object; keys never start
// with '.', so temporary files are never listed.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, opendir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkObjectKey, checkObjectPrefix, type ObjectStore, type StoredObjectInfo } from './objectStore';

const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

export function createFileObjectStore(root: string): ObjectStore {
  const pathOf = (key: string): string => join(root, ...checkObjectKey(key).split('/'));

  async function* walk(directory: string, keyPrefix: string): AsyncGenerator<StoredObjectInfo> {
    let entries;
    try {
      entries = await opendir(directory);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for await (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const key = `${keyPrefix}${entry.name}`;
      const path = join(directory, entry.name);
      if (entry.isDirectory()) yield* walk(path, `${key}/`);
      else if (entry.isFile()) {
        // A file deleted between the listing and the stat is simply not there any more.
        const size = await stat(path).then((s) => s.size, (error: unknown) => (isMissing(error) ? null : Promise.reject(error)));
        if (size !== null) yield { key, size };
      }
    }
  }

  return {
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      const temporary = join(dirname(target), `.put-${randomUUID()}`);
      const source = typeof body === 'string' || body instanceof Uint8Array ? Readable.from([body]) : body;
      try {
        await pipeline(source, createWriteStream(temporary, { mode: 0o600 }));
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        const handle = await open(pathOf(key), 'r');
        return handle.createReadStream();
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    list(prefix) {
      checkObjectPrefix(prefix);
      // Walk only the deepest whole directory the prefix names, then keep the keys that match.
      const cut = prefix.lastIndexOf('/');
      const directoryKey = cut < 0 ? '' : prefix.slice(0, cut);
      const start = directoryKey === '' ? root : join(root, ...directoryKey.split('/'));
      const matching = async function* (): AsyncGenerator<StoredObjectInfo> {
        for await (const info of walk(start, directoryKey === '' ? '' : `${directoryKey}/`)) {
          if (info.key.startsWith(prefix)) yield info;
        }
      };
      return matching();
    },
  };
}

/** Where the default store keeps its files. */
export const objectStoreRoot = (dataDir: string): string => `${dataDir}${sep}objects`;
