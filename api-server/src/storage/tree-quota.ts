import { conflict } from '../errors.js';
import { formatBytes } from './byte-size.js';
import type { FileTree } from './file-trees.js';

export interface TreeUsage {
  bytes: number;
  files: number;
}

/**
 * Refuses, before any byte is written, a write of `extra` that would take the tree past its quota in
 * bytes or in files (the trash counts), or any write while the tree is frozen.
 */
export async function ensureTreeRoom(tree: FileTree, extra: TreeUsage): Promise<TreeUsage> {
  if (!tree.writable) throw conflict(`${tree.label}已冻结（欠费），充值后即可恢复写入`);
  const used = await tree.fs.usage();
  if (used.bytes + extra.bytes > tree.quota.bytes) {
    const free = Math.max(0, tree.quota.bytes - used.bytes);
    throw conflict(
      `${tree.label}空间不足：需要 ${formatBytes(extra.bytes)}，剩余 ${formatBytes(free)}（已用 ${formatBytes(used.bytes)} / 共 ${formatBytes(tree.quota.bytes)}）`,
    );
  }
  if (used.files + extra.files > tree.quota.files) {
    throw conflict(
      `${tree.label}文件数超出上限：需要 ${extra.files} 个，剩余 ${Math.max(0, tree.quota.files - used.files)} 个（上限 ${tree.quota.files} 个）`,
    );
  }
  return used;
}
