import { closeSync, constants, fstatSync, lstatSync, opendirSync, openSync, readlinkSync, readSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** What {@link readInsideFile} answers: the file's text, or why it was not read (a sentence saying what to fix). */
export type InsideRead =
  | {
      /** The file was read. */
      ok: true;
      /** Its text, decoded as UTF-8. */
      text: string;
      /** How many bytes were read. */
      bytes: number;
    }
  | {
      /** The file was refused or could not be read. */
      ok: false;
      /** Why, and what to fix (`is a FIFO (named pipe), not a regular file; …`). */
      problem: string;
    };

/** Whether `target` (a real path) is `root` (a real path) or inside it. */
export function isInside(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * The real path of `full` when it is a directory inside `root` (itself a real path): a symbolic link is followed
 * only when it ends inside `root`. `undefined` with a problem otherwise; `missing` when nothing is there.
 */
export function insideDirectory(root: string, full: string): { dir: string } | { problem: string } | 'missing' {
  try {
    const st = lstatSync(full);
    if (st.isSymbolicLink()) {
      const real = realpathSync(full);
      if (!isInside(root, real)) return { problem: 'is a symbolic link to a folder outside the package; ship the folder itself inside the package' };
      return lstatSync(real).isDirectory() ? { dir: real } : { problem: 'is a symbolic link to something that is not a folder; make it a folder' };
    }
    return st.isDirectory() ? { dir: full } : { problem: 'is not a folder; make it a folder (locale/<lang>/<tool_name>.intent)' };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    return { problem: `cannot be read: ${(err as Error).message}` };
  }
}

/**
 * The names in `dir`, sorted, reading at most `max` of them (a folder of a million files is not listed whole):
 * `undefined` when it holds more than `max` entries.
 */
export function listAtMost(dir: string, max: number): string[] | undefined {
  const handle = opendirSync(dir);
  const names: string[] = [];
  try {
    for (let entry = handle.readSync(); entry !== null; entry = handle.readSync()) {
      if (names.length >= max) return undefined;
      names.push(entry.name);
    }
  } finally {
    handle.closeSync();
  }
  return names.sort();
}

const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const NON_BLOCK = constants.O_NONBLOCK ?? 0;

/**
 * Reads `full` as UTF-8 when it is a regular file inside `root` (a real path) of at most `maxBytes` bytes. A symbolic
 * link is followed only when it ends inside the package (`/proc/self/environ`, `../../secret` are refused); a FIFO,
 * socket, device or folder is refused before it is opened, and the file is opened non-blocking without following a
 * link, then checked again on its descriptor (a file swapped for a FIFO meanwhile is refused too, never waited on;
 * on Linux, where the descriptor points must still be inside the package).
 * The size is what was read, not what `stat` says (`/proc` files say 0). Never throws.
 */
export function readInsideFile(root: string, full: string, maxBytes: number): InsideRead {
  let target = full;
  try {
    const st = lstatSync(full);
    if (st.isSymbolicLink()) {
      target = realpathSync(full);
      if (!isInside(root, target)) return { ok: false, problem: 'is a symbolic link to a file outside the package; ship the file itself inside the package' };
    } else if (!st.isFile()) {
      return { ok: false, problem: `is ${kindOf(st)}, not a regular file; make it a text file of example requests` };
    }
  } catch (err) {
    return { ok: false, problem: `cannot be read: ${(err as Error).message}` };
  }
  let fd: number;
  try {
    fd = openSync(target, constants.O_RDONLY | NO_FOLLOW | NON_BLOCK);
  } catch (err) {
    return { ok: false, problem: `cannot be read: ${(err as Error).message}` };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { ok: false, problem: `is ${kindOf(st)}, not a regular file; make it a text file of example requests` };
    // a folder on the way swapped for a link meanwhile: on Linux, where the descriptor really points is checked too
    if (!openedInside(root, fd)) return { ok: false, problem: 'is a symbolic link to a file outside the package; ship the file itself inside the package' };
    const buffer = Buffer.allocUnsafe(maxBytes + 1); // only the bytes read are used
    let bytes = 0;
    for (let n = -1; n !== 0 && bytes <= maxBytes; bytes += n) n = readSync(fd, buffer, bytes, buffer.length - bytes, null);
    if (bytes > maxBytes) return { ok: false, problem: `is larger than ${Math.round(maxBytes / 1024)} KiB; keep a few dozen example requests per tool and language` };
    return { ok: true, text: buffer.toString('utf8', 0, bytes), bytes };
  } catch (err) {
    return { ok: false, problem: `cannot be read: ${(err as Error).message}` };
  } finally {
    closeSync(fd);
  }
}

/** Whether the file open on `fd` is inside `root`, where the system says (Linux `/proc/self/fd`); `true` elsewhere. */
function openedInside(root: string, fd: number): boolean {
  if (process.platform !== 'linux') return true;
  try {
    return isInside(root, readlinkSync(`/proc/self/fd/${fd}`));
  } catch {
    return true;
  }
}

function kindOf(st: { isFIFO(): boolean; isSocket(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean; isDirectory(): boolean }): string {
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isDirectory()) return 'a folder';
  return 'a special file';
}
