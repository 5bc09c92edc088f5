// jieba, cutting text into search words, on a thread of its own (word-segmenter.ts is the other end): its dictionaries
// take about 50 MB, which go with the thread when it stops after a while without work (issue 31: idle memory).
// Plain JavaScript: a worker thread starts without the TypeScript loader that the server and the tests run under.
import { parentPort } from 'node:worker_threads';
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

const jieba = Jieba.withDict(dict);

parentPort.on('message', ({ id, texts }) => {
  parentPort.postMessage({ id, words: texts.map((text) => jieba.cutForSearch(text, true)) });
});
