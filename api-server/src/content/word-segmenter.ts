import { Worker } from 'node:worker_threads';

type Waiter = { resolve: (words: string[][]) => void; reject: (error: Error) => void };

/** One start of the thread (`segmenter-thread.mjs`) and the calls it has yet to answer. */
class SegmenterThread {
  private readonly waiting = new Map<number, Waiter>();
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly thread: Worker,
    private readonly onStop: (stopped: SegmenterThread) => void,
  ) {
    thread.on('message', ({ id, words }: { id: number; words: string[][] }) => {
      this.waiting.get(id)?.resolve(words);
      this.waiting.delete(id);
      if (this.waiting.size === 0) thread.unref();
    });
    thread.on('error', (error) => this.fail(error));
    thread.on('exit', (code) => this.fail(new Error(`the word segmenter's thread exited (code ${code})`)));
  }

  /** Held (the process waits for the thread) while a call waits for its words; an idle thread holds nothing up. */
  cut(id: number, texts: string[]): Promise<string[][]> {
    clearTimeout(this.idleTimer);
    this.thread.ref();
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.thread.postMessage({ id, texts });
    });
  }

  /** Stops the thread `idleMs` after its last answer, unless another call comes first. */
  stopWhenIdle(idleMs: number): void {
    if (this.waiting.size > 0) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.onStop(this);
      void this.thread.terminate();
    }, idleMs).unref();
  }

  private fail(error: Error): void {
    clearTimeout(this.idleTimer);
    this.onStop(this);
    for (const { reject } of this.waiting.values()) reject(error);
    this.waiting.clear();
  }
}

/**
 * jieba's search-mode cuts, made on a thread that starts with the first text and stops once it has had nothing to do
 * for `idleMs`: jieba's dictionaries hold about 50 MB, which the server kept for good once it had indexed one post
 * (issue 31: idle memory). Starting the thread again costs about 0.2 s.
 */
export class WordSegmenter {
  private running: SegmenterThread | undefined;
  private lastId = 0;

  constructor(private readonly idleMs: number) {}

  /** Each text's words, as jieba's search mode cuts them (long words also yield their parts). */
  async cutForSearch(texts: string[]): Promise<string[][]> {
    const thread = (this.running ??= new SegmenterThread(new Worker(new URL('./segmenter-thread.mjs', import.meta.url)), (stopped) => {
      if (this.running === stopped) this.running = undefined;
    }));
    try {
      return await thread.cut(++this.lastId, texts);
    } finally {
      thread.stopWhenIdle(this.idleMs);
    }
  }

  /** Whether a thread is running now (loaded dictionaries). */
  get isRunning(): boolean {
    return this.running !== undefined;
  }
}
