import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError, invalid } from '../errors.js';

/** The text fields of a multipart chunk form, read with Chinese messages naming the field. */
export class FormFields {
  constructor(private readonly values: Map<string, string>) {}

  text(name: string, label: string, options: { optional?: boolean; maxLength?: number } = {}): string {
    const value = this.values.get(name);
    if (value === undefined || value === '') {
      if (options.optional) return '';
      throw invalid(`${label}不能为空`);
    }
    if (value.length > (options.maxLength ?? 1024)) throw invalid(`${label}过长`);
    return value;
  }

  integer(name: string, label: string, min: number, max: number): number {
    const text = this.text(name, label);
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < min || value > max) throw invalid(`${label}应为${min}到${max}之间的整数`);
    return value;
  }

  md5(name: string, label: string): string {
    const value = this.text(name, label).toLowerCase();
    if (!/^[0-9a-f]{32}$/.test(value)) throw invalid(`${label}应为32位MD5`);
    return value;
  }
}

/** What a file form answers, in its own words, when its body is not the form, holds no file, or more than one. */
export interface FileFormMessages {
  malformed: string;
  empty: string;
  oneFile: string;
}

const chunkFormMessages: FileFormMessages = {
  malformed: '分片表单格式不正确，应为 multipart/form-data',
  empty: '分片文件不能为空',
  oneFile: '每次只能上传一个分片',
};

/**
 * Reads a multipart form whose text fields come before its one file part, and hands both (and the
 * file's name) to `receive` while the file is still streaming. A body that is not the multipart form
 * its content type claims is the request's fault: refused with `messages.malformed`, not answered as a
 * server error. `fileSize` raises the site's limit of one chunk for forms that take a whole file.
 */
export async function readFileForm(
  request: FastifyRequest,
  messages: FileFormMessages,
  receive: (fields: FormFields, file: Readable, fileName: string) => Promise<void>,
  options: { fileSize?: number } = {},
): Promise<void> {
  const values = new Map<string, string>();
  let receiving: Readable | undefined;
  let received = false;
  try {
    for await (const part of request.parts(options.fileSize ? { limits: { fileSize: options.fileSize, files: 1 } } : {})) {
      if (part.type === 'field') {
        if (typeof part.value !== 'string') throw invalid('表单字段格式不正确');
        values.set(part.fieldname, part.value);
      } else if (received) {
        throw invalid(messages.oneFile);
      } else {
        received = true;
        receiving = part.file;
        await receive(new FormFields(values), part.file, part.filename);
        receiving = undefined;
      }
    }
  } catch (error) {
    // While the file streams, only an error of the file part itself (the form ending early) is the form's fault.
    if (error instanceof AppError || (receiving && receiving.errored !== error)) throw error;
    throw invalid(messages.malformed);
  }
  if (!received) throw invalid(messages.empty);
}

/** Reads the chunk form of the uploader (its fields, then one chunk): see `readFileForm`. */
export const readChunkForm = (request: FastifyRequest, receive: (fields: FormFields, file: Readable) => Promise<void>) =>
  readFileForm(request, chunkFormMessages, receive);
