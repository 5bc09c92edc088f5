import type { Readable } from 'node:stream';

/** Reads a byte stream as consecutive runs of given lengths, each handed on as its bytes arrive. */
export class ByteCursor {
  private readonly chunks: AsyncIterator<Buffer>;
  private carry: Buffer | undefined;
  /** Bytes handed on so far. */
  position = 0;

  constructor(source: Readable) {
    this.chunks = source[Symbol.asyncIterator]();
  }

  /** The next `length` bytes, or fewer when the stream ends first. */
  async *take(length: number): AsyncGenerator<Buffer> {
    let left = length;
    while (left > 0) {
      const bytes = this.carry ?? (await this.read());
      if (!bytes) return;
      this.carry = bytes.length > left ? bytes.subarray(left) : undefined;
      const run = bytes.subarray(0, left);
      left -= run.length;
      this.position += run.length;
      yield run;
    }
  }

  /** Whether the stream has no bytes left. */
  async ended(): Promise<boolean> {
    this.carry ??= await this.read();
    return this.carry === undefined;
  }

  private async read(): Promise<Buffer | undefined> {
    for (;;) {
      const { done, value } = await this.chunks.next();
      if (done) return undefined;
      if (value.length > 0) return value;
    }
  }
}
