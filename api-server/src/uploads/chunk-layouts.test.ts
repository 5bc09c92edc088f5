import { describe, expect, it } from 'vitest';
import { md5Of, randomFile, setUpSignedInApp, type UploadClient } from '../test-support/upload-client.js';

let client: UploadClient;
setUpSignedInApp((signedIn) => ({ client } = signedIn));

const chunkSize = 64 * 1024;
/** 3.5 chunks: 4 chunks cut our way (the last half a chunk), 3 with the remainder folded into the last (simple-uploader.js's way). */
const fileSize = 3.5 * chunkSize;

const forms = [
  { form: '/apis/orion/auth/file/chunk', check: '/apis/orion/auth/file/chunk/check' },
  { form: '/apis/vod/auth/videoInfo/upload', check: '/apis/vod/auth/videoInfo/upload/check' },
];

describe.each(forms)('the chunk form $form', ({ form, check }) => {
  const fieldsOf = (bytes: Buffer, fileName: string) => ({
    identifier: md5Of(bytes),
    filename: fileName,
    chunkSize,
    totalSize: bytes.length,
  });
  const held = async (bytes: Buffer, fileName: string) =>
    (await client.post(check, { identifier: md5Of(bytes), fileName, chunkSize, totalSize: bytes.length })).data.uploaded;

  it.each([
    { layout: 'the remainder a chunk of its own', foldRemainder: false },
    { layout: 'the remainder folded into the last chunk', foldRemainder: true },
  ])('takes a file cut with $layout, every chunk at (chunkNumber - 1) × chunkSize', async ({ foldRemainder }) => {
    const bytes = randomFile(fileSize);
    const answers = await client.sendChunks(form, bytes, { fileName: `cut-${foldRemainder}.bin`, chunkSize, foldRemainder });
    expect(answers.map((answer) => answer.code)).toEqual(foldRemainder ? [200, 200, 200] : [200, 200, 200, 200]);
    expect(await held(bytes, `cut-${foldRemainder}.bin`)).toEqual([1, 2, 3, 4]);
  });

  it.each([
    { before: 'its first half', numbers: [3] },
    { before: 'its second half', numbers: [4] },
  ])('takes a folded last chunk when our own uploader had sent $before', async ({ numbers }) => {
    const bytes = randomFile(fileSize);
    const fileName = `half-${numbers[0]}.bin`;
    await client.sendChunks(form, bytes, { fileName, chunkSize, numbers });
    const answers = await client.sendChunks(form, bytes, { fileName, chunkSize, foldRemainder: true });
    expect(answers.map((answer) => answer.code)).toEqual([200, 200, 200]);
    expect(await held(bytes, fileName)).toEqual([1, 2, 3, 4]);
  });

  it.each([2, 5])('refuses a total of %i chunks, which fits neither cut', async (totalChunks) => {
    const bytes = randomFile(fileSize);
    const answer = await client.chunkForm(
      form,
      { ...fieldsOf(bytes, 'neither.bin'), chunkNumber: 1, totalChunks },
      bytes.subarray(0, chunkSize),
    );
    expect(answer).toMatchObject({ code: 422, msg: '分片总数与文件大小不符' });
    expect(await held(bytes, 'neither.bin')).toEqual([]);
    const tested = await client.get(form, { ...fieldsOf(bytes, 'neither.bin'), chunkNumber: 1, totalChunks });
    expect(tested).toMatchObject({ code: 422, msg: '分片总数与文件大小不符' });
  });

  it.each([
    { chunk: 'a folded last chunk one chunkSize long', totalChunks: 3, chunkNumber: 3, start: 2, end: 3 },
    { chunk: 'a folded last chunk one byte short', totalChunks: 3, chunkNumber: 3, start: 2, end: 3.5, cut: 1 },
    { chunk: 'the 3rd of 4 chunks with the remainder folded in', totalChunks: 4, chunkNumber: 3, start: 2, end: 3.5 },
    { chunk: 'the last of 4 chunks a whole chunkSize long', totalChunks: 4, chunkNumber: 4, start: 2.5, end: 3.5 },
    { chunk: 'a middle chunk of 3 with the remainder in it', totalChunks: 3, chunkNumber: 2, start: 1, end: 2.5 },
  ])('refuses $chunk, and holds none of it', async ({ totalChunks, chunkNumber, start, end, cut = 0 }) => {
    const bytes = randomFile(fileSize);
    const fields = { ...fieldsOf(bytes, 'wrong-size.bin'), chunkNumber, totalChunks };
    const answer = await client.chunkForm(form, fields, bytes.subarray(start * chunkSize, end * chunkSize - cut));
    expect(answer).toMatchObject({ code: 422, msg: `分片${chunkNumber}大小不正确` });
    expect(await held(bytes, 'wrong-size.bin')).toEqual([]);
  });
});
