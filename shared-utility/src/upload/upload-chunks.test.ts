import { describe, expect, it } from 'vitest';
import { bytesLeft, cutIntoChunks, resumedChunks, retriedChunks, successShare, withHeldChunks } from './upload-chunks';
import type { UploadChunk } from './upload-types';

const blobOf = (size: number) => new Blob([new Uint8Array(size)]);
const chunksOf = (...statuses: UploadChunk['status'][]) =>
  statuses.map((status, index): UploadChunk => ({ index, file: blobOf(10), status, retries: 2, process: status === 'success' ? 100 : 0 }));

describe('upload chunks', () => {
  it('cuts a file into chunks of the chunk size, the last one shorter, and an empty file into one empty chunk', () => {
    expect(cutIntoChunks(blobOf(25), 10).map((chunk) => [chunk.index, chunk.file.size, chunk.status])).toEqual([
      [0, 10, 'pending'],
      [1, 10, 'pending'],
      [2, 5, 'pending'],
    ]);
    expect(cutIntoChunks(blobOf(0), 10).map((chunk) => chunk.file.size)).toEqual([0]);
  });

  it('counts the share of stored chunks rounded down, and the bytes still to send', () => {
    const chunks = chunksOf('success', 'pending', 'failed');
    expect(successShare(chunks)).toBe(33);
    expect(successShare([])).toBe(0);
    expect(bytesLeft(chunks)).toBe(20);
  });

  it('marks the chunks the server holds (numbered from 1), or all of them for 秒传', () => {
    const held = withHeldChunks(chunksOf('pending', 'pending', 'pending', 'pending'), { skipUpload: false, uploaded: [2, 4] });
    expect(held.chunks.map((chunk) => chunk.status)).toEqual(['pending', 'success', 'pending', 'success']);
    expect(held.progress).toBe(50);
    expect(withHeldChunks(chunksOf('pending', 'pending'), { skipUpload: true, uploaded: [] }).progress).toBe(100);
  });

  it('resumes only paused chunks, and retries every chunk not stored with its retries counted afresh', () => {
    const chunks = chunksOf('success', 'paused', 'failed');
    expect(resumedChunks(chunks).map((chunk) => chunk.status)).toEqual(['success', 'pending', 'failed']);
    expect(retriedChunks(chunks).map((chunk) => [chunk.status, chunk.retries])).toEqual([
      ['success', 2],
      ['pending', 0],
      ['pending', 0],
    ]);
  });
});
