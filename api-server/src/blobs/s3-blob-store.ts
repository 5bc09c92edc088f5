import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type _Object,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '../config.js';
import {
  TooLargeError,
  attachmentDisposition,
  checkBlobKey,
  type BlobPage,
  type BlobStore,
  type ListPageOptions,
  type TransferExpiry,
  type UploadedPart,
} from './blob-store.js';

/**
 * `writeAt` has no S3 equivalent: each write is its own object `<key>.parts/<offset, 16 digits>`,
 * and a key with parts reads as their concatenation until `move` joins them into one object.
 */
const partsOf = (key: string) => `${key}.parts/`;
const partKey = (key: string, offset: number) => `${partsOf(key)}${String(offset).padStart(16, '0')}`;

/** Passes bytes through, counting them, and fails once more than `maxBytes` went by. */
function sizeLimit(maxBytes: number, counted: (bytes: number) => void = () => {}): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      counted(chunk.length);
      if (seen > maxBytes) done(new TooLargeError(maxBytes));
      else done(null, chunk);
    },
  });
}

async function bytesOf(source: Readable, maxBytes: number): Promise<Buffer> {
  const pieces: Buffer[] = [];
  await pipeline(source, sizeLimit(maxBytes), async (chunks: AsyncIterable<Buffer>) => {
    for await (const chunk of chunks) pieces.push(chunk);
  });
  return Buffer.concat(pieces);
}

const signing = (expiry: TransferExpiry, signableHeaders?: Set<string>) => ({
  expiresIn: expiry.expiresInSeconds,
  signingDate: expiry.now,
  signableHeaders,
});

const isMissing = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
};

/** Blobs as objects in one bucket of an S3-compatible object store. */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Only when the service requires one: S3-compatible stores differ in which checksums they know.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, source: Readable, options: { maxBytes?: number } = {}): Promise<{ size: number }> {
    checkBlobKey(key);
    let size = 0;
    const bytes = new PassThrough();
    const body = pipeline(
      source,
      sizeLimit(options.maxBytes ?? Infinity, (n) => (size += n)),
      bytes,
    );
    // Sent in one PUT, or as a multipart upload (completed only when whole) once past one part's size.
    const upload = new Upload({ client: this.client, params: { Bucket: this.bucket, Key: key, Body: bytes }, leavePartsOnError: false });
    // A failed source stops the upload, which then leaves nothing behind; its own error is the one to report.
    const [sent, read] = await Promise.allSettled([
      upload.done(),
      body.catch(async (error: unknown) => {
        await upload.abort().catch(() => {});
        throw error;
      }),
    ]);
    if (read.status === 'rejected') throw read.reason;
    if (sent.status === 'rejected') throw sent.reason;
    return { size };
  }

  async writeAt(key: string, offset: number, source: Readable, options: { maxBytes: number }): Promise<{ size: number }> {
    checkBlobKey(key);
    const bytes = await bytesOf(source, options.maxBytes);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: partKey(key, offset), Body: bytes }));
    return { size: bytes.length };
  }

  private async parts(key: string): Promise<{ key: string; offset: number; size: number }[]> {
    const objects: _Object[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: partsOf(key), ContinuationToken: token }),
      );
      objects.push(...(page.Contents ?? []));
      token = page.NextContinuationToken;
    } while (token);
    return objects.map((object) => ({ key: object.Key!, offset: Number(object.Key!.slice(partsOf(key).length)), size: object.Size ?? 0 }));
  }

  private async objectStream(key: string, start: number, end: number): Promise<Readable> {
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=${start}-${end - 1}` }));
    return answer.Body as Readable;
  }

  readRange(key: string, start: number, end: number): Readable {
    checkBlobKey(key);
    if (end <= start) return Readable.from([]);
    return Readable.from(this.rangeOf(key, start, end));
  }

  private async *rangeOf(key: string, start: number, end: number): AsyncGenerator<Buffer> {
    const parts = await this.parts(key);
    if (parts.length === 0) {
      yield* await this.objectStream(key, start, end);
      return;
    }
    for (const part of parts) {
      const from = Math.max(start, part.offset);
      const to = Math.min(end, part.offset + part.size);
      if (from < to) yield* await this.objectStream(part.key, from - part.offset, to - part.offset);
    }
  }

  /** Joining an assembly streams its parts into one new object through this server (UploadPartCopy is not offered by every S3 store). */
  async move(from: string, to: string): Promise<void> {
    checkBlobKey(from);
    checkBlobKey(to);
    const parts = await this.parts(from);
    if (parts.length === 0) {
      await this.copy(from, to);
      await this.remove(from);
      return;
    }
    const size = parts.reduce((sum, part) => Math.max(sum, part.offset + part.size), 0);
    await this.put(to, this.readRange(from, 0, size));
    await this.remove(partsOf(from));
  }

  async copy(from: string, to: string): Promise<void> {
    checkBlobKey(from);
    checkBlobKey(to);
    const source = `${this.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`;
    await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: source }));
  }

  /** The bucket answers and these credentials may use it. */
  async probe(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async stat(key: string): Promise<{ size: number } | null> {
    checkBlobKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    const parts = await this.parts(key);
    return parts.length === 0 ? null : { size: parts.reduce((sum, part) => Math.max(sum, part.offset + part.size), 0) };
  }

  async list(prefix: string): Promise<string[]> {
    const folder = prefix.endsWith('/') ? prefix : `${prefix}/`;
    const names: string[] = [];
    let continuationToken: string | undefined;
    do {
      const page = await this.listPage(folder, { delimiter: '/', continuationToken });
      names.push(
        ...page.objects.map((object) => object.key.slice(folder.length)),
        ...page.commonPrefixes.map((p) => p.slice(folder.length, -1)),
      );
      continuationToken = page.nextContinuationToken;
    } while (continuationToken);
    return names.filter((name) => name !== '');
  }

  async remove(keyOrPrefix: string): Promise<void> {
    checkBlobKey(keyOrPrefix);
    if (!keyOrPrefix.endsWith('/')) {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: keyOrPrefix }));
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: `${keyOrPrefix}/` }));
    }
    const folder = keyOrPrefix.endsWith('/') ? keyOrPrefix : `${keyOrPrefix}/`;
    for (const prefix of keyOrPrefix.endsWith('/') ? [folder] : [folder, partsOf(keyOrPrefix)]) {
      let continuationToken: string | undefined;
      do {
        const page = await this.listPage(prefix, { continuationToken });
        const keys = page.objects.map((object) => ({ Key: object.key }));
        if (keys.length > 0)
          await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
        continuationToken = page.nextContinuationToken;
      } while (continuationToken);
    }
  }

  /** Nothing to sweep here: a `put` that fails aborts its multipart upload, and the store expires what a crash leaves (bucket lifecycle rule). */
  async sweepTemporary(): Promise<number> {
    return 0;
  }

  async listPage(prefix: string, options: ListPageOptions = {}): Promise<BlobPage> {
    if (prefix !== '') checkBlobKey(prefix);
    const page = await this.client.send(
      new ListObjectsV2Command({
        Bucket: this.bucket,
        Prefix: prefix,
        Delimiter: options.delimiter,
        ContinuationToken: options.continuationToken,
        MaxKeys: options.maxKeys,
      }),
    );
    return {
      objects: (page.Contents ?? []).map((object) => ({
        key: object.Key!,
        size: object.Size ?? 0,
        lastModified: object.LastModified ?? new Date(0),
      })),
      commonPrefixes: (page.CommonPrefixes ?? []).map((common) => common.Prefix!),
      nextContinuationToken: page.IsTruncated ? page.NextContinuationToken : undefined,
    };
  }

  async presignPut(key: string, size: number, expiry: TransferExpiry): Promise<string> {
    checkBlobKey(key);
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentLength: size });
    return getSignedUrl(this.client, command, signing(expiry, new Set(['content-length'])));
  }

  async createMultipartUpload(key: string): Promise<string> {
    checkBlobKey(key);
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key }));
    return UploadId!;
  }

  async presignPart(key: string, uploadId: string, partNumber: number, expiry: TransferExpiry): Promise<string> {
    checkBlobKey(key);
    const command = new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber: partNumber });
    return getSignedUrl(this.client, command, signing(expiry));
  }

  async completeMultipartUpload(key: string, uploadId: string, parts: UploadedPart[]): Promise<void> {
    checkBlobKey(key);
    const ordered = [...parts]
      .sort((a, b) => a.partNumber - b.partNumber)
      .map((part) => ({ PartNumber: part.partNumber, ETag: part.etag }));
    await this.client.send(
      new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: ordered } }),
    );
  }

  async presignGet(key: string, fileName: string, expiry: TransferExpiry): Promise<string> {
    checkBlobKey(key);
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseContentDisposition: attachmentDisposition(fileName) });
    return getSignedUrl(this.client, command, signing(expiry));
  }
}
