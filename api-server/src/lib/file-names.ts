import { invalid } from '../errors.js';

const maxNameBytes = 255;
const maxPathBytes = 1024;
const maxDepth = 32;
const controlCharacter = /[\u0000-\u001f\u007f]/;
const gpuForbidden = /[/\\:*?"<>|（）！]/;
export const gpuFileNameMessage = '文件名称不能包含特殊中文字符和空格！';

/** Names beginning so are the server's own inside users' folders (the trash, half-written files), never a user's. */
const internalPrefix = '.rc-';
/** One of the server's own names: `.rc-` and a word. */
export const internalName = (word: string) => `${internalPrefix}${word}`;

/** Undoes percent-encoding layer by layer, so `%252e%252e` is judged as `..`. */
function decodedForms(text: string): string[] {
  const forms = [text];
  let current = text;
  for (let layer = 0; layer < 3; layer++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      break;
    }
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms;
}

function nameProblem(name: string): string | null {
  if (name.length === 0) return '不能为空';
  if (Buffer.byteLength(name, 'utf8') > maxNameBytes) return `不能超过${maxNameBytes}字节`;
  for (const form of decodedForms(name)) {
    if (controlCharacter.test(form)) return '不能包含控制字符';
    if (form.includes('/') || form.includes('\\')) return '不能包含路径分隔符';
    if (form === '.' || form === '..') return '不能为“.”或“..”';
    if (form.toLowerCase().startsWith(internalPrefix)) return `不能以“${internalPrefix}”开头（系统保留名称）`;
  }
  return null;
}

/** A single file or folder name: no separators, no `.`/`..`, no control characters, not the server's own, at most 255 bytes. */
export function checkFileName(name: string, label = '文件名'): string {
  const problem = nameProblem(name);
  if (problem) throw invalid(`${label}${problem}`);
  return name;
}

/** A folder relative to the user's area ('' is its root), as clean segments joined by '/'. */
export function checkRelativePath(text: string, label = '上传路径'): string {
  if (text === '') return '';
  if (Buffer.byteLength(text, 'utf8') > maxPathBytes) throw invalid(`${label}不能超过${maxPathBytes}字节`);
  for (const form of decodedForms(text)) {
    if (form.startsWith('/') || form.startsWith('\\') || /^[A-Za-z]:/.test(form)) throw invalid(`${label}不能是绝对路径`);
  }
  const segments = text.replace(/\/+$/, '').split('/');
  if (segments.length > maxDepth) throw invalid(`${label}层级过深`);
  for (const segment of segments) {
    const problem = nameProblem(segment);
    if (problem) throw invalid(`${label}${problem === '不能为空' ? '不能包含空的目录名' : problem}`);
  }
  return segments.join('/');
}

/** Spec §5: a GPU upload's file name must not hold / \ : * ? " < > | or full-width ( ) !. */
export function checkGpuFileName(name: string): string {
  checkFileName(name);
  if (gpuForbidden.test(name)) throw invalid(gpuFileNameMessage);
  return name;
}

export const joinPath = (folder: string, name: string) => (folder ? `${folder}/${name}` : name);
