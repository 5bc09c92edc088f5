import { invalid } from '../errors.js';

/**
 * How a file is cut into chunks. Chunk n starts at byte (n - 1) × chunkSize in every client; clients differ only in
 * the remainder after the last whole chunkSize: a short last chunk of its own (our uploader, simple-uploader.js with
 * `forceChunkSize`) or folded into a larger last chunk (simple-uploader.js's default). The server keeps every upload
 * in the first cut, as pieces; a folded last chunk covers the last two pieces.
 */
export interface Cutting {
  chunkSize: number;
  fileSize: number;
}

/** How many pieces the server keeps an upload in: every one chunkSize but the last. */
export const chunkCount = ({ fileSize, chunkSize }: Cutting) => Math.max(1, Math.ceil(fileSize / chunkSize));

const foldedChunkCount = ({ fileSize, chunkSize }: Cutting) => Math.max(1, Math.floor(fileSize / chunkSize));

export function checkTotalChunks(cutting: Cutting, totalChunks: number): void {
  if (totalChunks !== chunkCount(cutting) && totalChunks !== foldedChunkCount(cutting)) throw invalid('分片总数与文件大小不符');
}

/** Bytes [start, end) of a piece. */
export function pieceBytes({ fileSize, chunkSize }: Cutting, piece: number): { start: number; end: number } {
  return { start: (piece - 1) * chunkSize, end: Math.min(fileSize, piece * chunkSize) };
}

/** The pieces, from `first` to `last`, that chunk `chunkNumber` of a file cut into `totalChunks` covers. */
export function piecesOfChunk(cutting: Cutting, chunkNumber: number, totalChunks: number): { first: number; last: number } {
  checkTotalChunks(cutting, totalChunks);
  if (!Number.isInteger(chunkNumber) || chunkNumber < 1 || chunkNumber > totalChunks) throw invalid(`分片序号应在1到${totalChunks}之间`);
  return { first: chunkNumber, last: chunkNumber === totalChunks ? chunkCount(cutting) : chunkNumber };
}
