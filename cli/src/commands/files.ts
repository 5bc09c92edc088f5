import fs from 'node:fs/promises';
import path from 'node:path';
import type { DirEntry } from '@rc/api-contract/orion/dir';
import { uploadFile } from '../chunked-upload.js';
import type { Command } from '../command.js';
import { fileMd5 } from '../file-md5.js';
import { formatSize, table } from '../output.js';
import { resumableDownload } from '../resumable-download.js';

/** A folder of file storage as typed (`/a/b/`, `a/b`): without leading or trailing slashes; '' is the root. */
const storagePath = (text: string | undefined) => (text ?? '').replace(/^\/+|\/+$/g, '');

export const ls: Command = {
  help: `用法：suanli files ls [目录]

列出文件存储（默认集群）中一个目录的内容，默认为根目录。

选项：
  --json       以 JSON 输出 [{ name, path, isDir, size, md5, gmtCreate }]
  -h, --help   显示帮助`,
  positionals: [0, 1],
  async run({ positionals }, context) {
    const entries = await context.api().post<DirEntry[]>('/orion/auth/file/userDirs', { path: storagePath(positionals[0]) });
    const text =
      entries.length === 0
        ? '（空目录）'
        : table(
            ['名称', '类型', '大小', '修改时间'],
            entries.map((e) => [e.name, e.isDir ? '文件夹' : '文件', e.isDir ? '-' : formatSize(e.size), e.gmtCreate ?? '-']),
          );
    return { json: entries, text };
  },
};

export const upload: Command = {
  help: `用法：suanli files upload <本地文件> [--path <目录>]

把文件上传到文件存储（默认集群），与网页上传相同：分片上传、断点续传、秒传。
- 服务器已存有相同内容（MD5 相同）的文件时秒传，不传任何数据；
- 上传中断后再次运行同一命令，只上传服务器还没有的分片。

选项：
  --path <目录>   上传到文件存储中的这个目录，默认为根目录
  --json          以 JSON 输出 { path, size, md5, instant, totalChunks, heldChunks, sentChunks }
  -h, --help      显示帮助`,
  options: { path: { type: 'string' } },
  positionals: [1, 1],
  async run({ values, positionals }, context) {
    const report = await uploadFile(context.api(), positionals[0]!, storagePath(values.path as string | undefined), context.progress);
    context.progress('');
    const how = report.instant
      ? '秒传完成（服务器已有相同内容，未传输数据）'
      : report.heldChunks > 0
        ? `续传完成：服务器已有 ${report.heldChunks} 片，本次上传 ${report.sentChunks}/${report.totalChunks} 片`
        : `上传完成：共 ${report.totalChunks} 片`;
    return { json: report, text: `${how}\n${report.path}（${formatSize(report.size)}，MD5 ${report.md5}）` };
  },
};

export const download: Command = {
  help: `用法：suanli files download <文件路径> [--out <本地路径>]

从文件存储（默认集群）下载一个文件（文件夹下载为 zip）。
默认保存到当前目录，文件名与服务器上的相同；--out 为已有目录时保存到其中。
下载中断后再次运行同一命令，从已下载的位置继续（服务器上的文件已改变时重新下载）。

选项：
  --out <路径>   保存位置
  --json         以 JSON 输出 { path, file, size, md5, resumedFrom }
  -h, --help     显示帮助`,
  options: { out: { type: 'string' } },
  positionals: [1, 1],
  async run({ values, positionals }, context) {
    const remote = storagePath(positionals[0]);
    const api = context.api();
    const out = values.out as string | undefined;
    context.progress(`下载中：${remote}`);
    const { file, resumedFrom } = await resumableDownload(
      (headers) => api.fetchBytes('/orion/auth/file/download', { path: remote }, headers),
      {
        expected: await localTarget(out, path.posix.basename(remote)),
        targetOf: (response) => localTarget(out, attachmentName(response) ?? path.posix.basename(remote)),
      },
    );
    context.progress('');
    const { size } = await fs.stat(file);
    const md5 = await fileMd5(file);
    const how = resumedFrom > 0 ? `续传完成：已有 ${formatSize(resumedFrom)}，本次下载 ${formatSize(size - resumedFrom)}\n` : '';
    return {
      json: { path: remote, file, size, md5, resumedFrom },
      text: `${how}已下载 ${remote} → ${file}（${formatSize(size)}，MD5 ${md5}）`,
    };
  },
};

/** The file name of `Content-Disposition` (RFC 5987's `filename*` keeps Chinese names). */
function attachmentName(response: Response): string | null {
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const name = encoded ? decodeURIComponent(encoded) : /filename="([^"]+)"/i.exec(disposition)?.[1];
  return name ? path.basename(name) : null;
}

async function localTarget(out: string | undefined, name: string): Promise<string> {
  if (out === undefined) return path.resolve(name);
  const stat = await fs.stat(out).catch(() => null);
  return stat?.isDirectory() ? path.join(out, name) : path.resolve(out);
}
