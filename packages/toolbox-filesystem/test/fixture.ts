import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FileSystemToolBox } from '@ovos-tools/toolbox-filesystem';

/**
 * A temp world for sandbox tests:
 *   base/root            the sandbox root (contains hello.txt, sub/inner.txt, and escape symlinks)
 *   base/root2           a prefix sibling of root, with secret.txt
 *   base/outside         outside everything, with secret.txt, dir/deep.txt
 * Symlinks in root: file_out -> outside/secret.txt, dir_out -> outside, dangling_out -> outside/new.txt,
 * chain1 -> chain2 -> chain3 -> outside/secret.txt, dangling_chain -> dchain2 -> outside/dnew.txt,
 * sibling_link -> root2, in_link -> hello.txt, in_dir_link -> sub.
 */
export interface World {
  base: string;
  root: string;
  root2: string;
  outside: string;
  /** Every path outside root and its content (null for directories/links), to prove nothing changed. */
  snapshot(): Map<string, string | null>;
  box(config?: Record<string, unknown>): FileSystemToolBox;
  cleanup(): void;
}

export function makeWorld(): World {
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ovos-fs-test-')));
  const root = path.join(base, 'root');
  const root2 = path.join(base, 'root2');
  const outside = path.join(base, 'outside');
  for (const d of [root, root2, outside, path.join(root, 'sub'), path.join(outside, 'dir')]) fs.mkdirSync(d, { recursive: true });
  fs.writeFileSync(path.join(root, 'hello.txt'), 'hello world');
  fs.writeFileSync(path.join(root, 'sub', 'inner.txt'), 'inner line\nsecond line\n');
  fs.writeFileSync(path.join(root2, 'secret.txt'), 'ROOT2 SECRET');
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'OUTSIDE SECRET');
  fs.writeFileSync(path.join(outside, 'dir', 'deep.txt'), 'DEEP SECRET');
  const link = (target: string, name: string) => fs.symlinkSync(target, path.join(root, name));
  link(path.join(outside, 'secret.txt'), 'file_out');
  link('../outside', 'dir_out');
  link(path.join(outside, 'new.txt'), 'dangling_out');
  link('chain2', 'chain1');
  link('chain3', 'chain2');
  link('../outside/secret.txt', 'chain3');
  link('dchain2', 'dangling_chain');
  link('../outside/dnew.txt', 'dchain2');
  link('../root2', 'sibling_link');
  link('hello.txt', 'in_link');
  link('sub', 'in_dir_link');
  const snapshot = () => {
    const out = new Map<string, string | null>();
    const walk = (p: string) => {
      const st = fs.lstatSync(p);
      if (st.isDirectory()) {
        out.set(p, null);
        for (const e of fs.readdirSync(p)) walk(path.join(p, e));
      } else if (st.isFile()) out.set(p, fs.readFileSync(p, 'utf8'));
      else out.set(p, `link:${fs.readlinkSync(p)}`);
    };
    walk(root2);
    walk(outside);
    for (const e of fs.readdirSync(base)) if (!['root', 'root2', 'outside'].includes(e)) walk(path.join(base, e));
    return out;
  };
  return {
    base,
    root,
    root2,
    outside,
    snapshot,
    box: (config = {}) => new FileSystemToolBox({ config: { root_path: root, ...config } }),
    cleanup: () => fs.rmSync(base, { recursive: true, force: true }),
  };
}
