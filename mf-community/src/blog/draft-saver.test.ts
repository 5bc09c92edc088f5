import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BlogFields } from './blog-api';
import { forgetLocalDraft, keepLocalDraft, readLocalDraft } from './draft-autosave';
import { autosaveDelayMs, DraftSaver, worthSaving, type DraftCalls } from './draft-saver';

const fields = (title: string, content = '正文'): BlogFields => ({
  title,
  summary: '',
  content,
  categoryId: null,
  labelIds: [],
  coverUrl: '',
});

/** The server's side of the draft calls: records each in order; `create` answers id 41, `update` saves, unless told otherwise. */
function server({ createAnswers = [41 as number | null], updateAnswers = [] as boolean[] } = {}) {
  const calls: string[] = [];
  const draftCalls: DraftCalls = {
    create: async (sent) => {
      calls.push(`create ${sent.title}`);
      return createAnswers.length > 1 ? createAnswers.shift()! : createAnswers[0]!;
    },
    update: async (id, sent) => {
      calls.push(`update ${id} ${sent.title}`);
      return updateAnswers.shift() ?? true;
    },
  };
  return { calls, draftCalls };
}

function saverOf(id: number | null = null) {
  const results: Array<number | null> = [];
  return { saver: new DraftSaver(id, (saved) => results.push(saved)), results };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the blog draft saver', () => {
  it('creates the draft with the first save and updates that draft with every later one', async () => {
    const { calls, draftCalls } = server();
    const { saver, results } = saverOf();

    expect(await saver.save(fields('第一版'), draftCalls)).toBe(41);
    expect(await saver.save(fields('第二版'), draftCalls)).toBe(41);
    expect(calls).toEqual(['create 第一版', 'update 41 第二版']);
    expect(results).toEqual([41, 41]);
    expect(saver.id).toBe(41);
  });

  it('updates a post that already has an id (editing a draft) and never sends fields already saved or loaded', async () => {
    const { calls, draftCalls } = server();
    const { saver } = saverOf(7);
    saver.loaded(fields('原稿'));

    expect(await saver.save(fields('原稿'), draftCalls)).toBe(7);
    await saver.save(fields('改稿'), draftCalls);
    await saver.save(fields('改稿'), draftCalls);
    expect(calls).toEqual(['update 7 改稿']);
  });

  it('runs saves one after another in the order asked, so the latest fields win and one draft is created', async () => {
    const { calls, draftCalls } = server();
    const { saver } = saverOf();

    const saves = [saver.save(fields('一'), draftCalls), saver.save(fields('二'), draftCalls), saver.save(fields('三'), draftCalls)];
    expect(await saver.settled()).toBe(41);
    expect(await Promise.all(saves)).toEqual([41, 41, 41]);
    expect(calls).toEqual(['create 一', 'update 41 二', 'update 41 三']);
  });

  it('says when the server did not save, and sends the same fields again with the next save', async () => {
    const { calls, draftCalls } = server({ createAnswers: [null, 52], updateAnswers: [false] });
    const { saver, results } = saverOf();

    expect(await saver.save(fields('草稿'), draftCalls)).toBeNull();
    expect(await saver.save(fields('草稿'), draftCalls)).toBe(52);
    expect(await saver.save(fields('草稿二'), draftCalls)).toBeNull();
    expect(await saver.save(fields('草稿二'), draftCalls)).toBe(52);
    expect(calls).toEqual(['create 草稿', 'create 草稿', 'update 52 草稿二', 'update 52 草稿二']);
    expect(results).toEqual([null, 52, null, 52]);
  });

  it('keeps saving after a call that threw, and settles with the id it has', async () => {
    const { calls, draftCalls } = server();
    const { saver } = saverOf(9);
    const failing: DraftCalls = { ...draftCalls, update: () => Promise.reject(new Error('网络异常')) };

    await expect(saver.save(fields('断网'), failing)).rejects.toThrow('网络异常');
    expect(await saver.settled()).toBe(9);
    expect(await saver.save(fields('恢复'), draftCalls)).toBe(9);
    expect(calls).toEqual(['update 9 恢复']);
  });

  it('saves 2 s after the last change, only the latest fields, and nothing once cancelled', async () => {
    const { calls, draftCalls } = server();
    const { saver } = saverOf();

    saver.later(fields('标'), draftCalls);
    await vi.advanceTimersByTimeAsync(autosaveDelayMs - 1);
    saver.later(fields('标题'), draftCalls);
    await vi.advanceTimersByTimeAsync(autosaveDelayMs - 1);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(['create 标题']);

    saver.later(fields('标题改'), draftCalls);
    saver.cancel();
    await vi.advanceTimersByTimeAsync(10 * autosaveDelayMs);
    expect(calls).toEqual(['create 标题']);
    expect(autosaveDelayMs).toBe(2000);
  });

  it('saves to the server only a post not yet published that has a title or some text', () => {
    expect(worthSaving(fields('标题', ''), true)).toBe(true);
    expect(worthSaving(fields('', '正文'), true)).toBe(true);
    expect(worthSaving(fields(' ', '\n '), true)).toBe(false);
    expect(worthSaving(fields('标题'), false)).toBe(false);
  });
});

describe('the draft kept in the browser', () => {
  beforeEach(() => localStorage.clear());

  it('comes back as it was kept, until it is forgotten', () => {
    const draft = { id: 41, fields: fields('本地'), published: false };
    keepLocalDraft(draft);
    expect(readLocalDraft()).toEqual(draft);
    forgetLocalDraft();
    expect(readLocalDraft()).toBeNull();
  });

  it('is dropped when what is stored is not a draft', () => {
    localStorage.setItem('rc-blog-draft', '{not json');
    expect(readLocalDraft()).toBeNull();
    localStorage.setItem('rc-blog-draft', JSON.stringify({ id: 1, fields: { title: '无正文' }, published: false }));
    expect(readLocalDraft()).toBeNull();
  });
});
