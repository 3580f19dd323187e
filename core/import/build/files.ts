/**
 * The file-system steps of an import: the target's folder checked, the new
 * file flushed to disk (in the background during the build, then for good)
 * and, when the import does not finish, removed.
 * @module
 */

/** Removes a file and its rollback journal, if they exist. */
export function removeQuietly(path: string): void {
  for (const p of [path, `${path}-journal`]) {
    try {
      Deno.removeSync(p);
    } catch { /* already gone */ }
  }
}

/** Whether `path` is an existing folder. */
export function isFolder(path: string): boolean {
  try {
    return Deno.statSync(path).isDirectory;
  } catch {
    return false;
  }
}

/** Flushes a file (or a directory's entries) to the disk. */
export function syncPath(path: string): void {
  const f = Deno.openSync(path, { read: true });
  try {
    f.syncSync();
  } finally {
    f.close();
  }
}

/** Starts an fsync of `path` on another thread (the build meanwhile blocks this one). */
export function flushInBackground(path: string): Promise<void> {
  // Opened and started here: a callback would wait for the blocking build.
  const f = Deno.openSync(path, { read: true });
  return f.sync().catch(() => {/* the final fsync reports real failures */}).finally(() =>
    f.close()
  );
}
