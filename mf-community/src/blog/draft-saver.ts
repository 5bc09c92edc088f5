import type { BlogFields } from './blog-api';

export const autosaveDelayMs = 2000;

/** The draft calls: `create` answers the new draft's id, `update` whether it was saved (null or false: not saved). */
export interface DraftCalls {
  create: (fields: BlogFields) => Promise<number | null>;
  update: (id: number, fields: BlogFields) => Promise<boolean>;
}

/** Only a post that is not published yet, with a title or some text, is saved as a draft on the server. */
export const worthSaving = (fields: BlogFields, toServer: boolean) => toServer && Boolean(fields.title.trim() || fields.content.trim());

/**
 * Saves a post as a draft on the server: the first save creates it, later ones update it. Saves never overlap and
 * run in the order asked, so the latest fields win; fields already saved are not sent again.
 */
export class DraftSaver {
  private queue: Promise<unknown> = Promise.resolve();
  private lastSaved: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    /** The draft's id once it has one. */
    public id: number | null,
    /** After each save that was sent: the draft's id, or null when the server did not save it. */
    private readonly onSaved: (id: number | null, fields: BlogFields) => void,
  ) {}

  /** The fields as loaded: already saved, so not sent until they change. */
  loaded(fields: BlogFields) {
    this.lastSaved = JSON.stringify(fields);
  }

  /** Saves `fields` once no other change came for `autosaveDelayMs`: a later call replaces a waiting one. */
  later(fields: BlogFields, calls: DraftCalls) {
    this.cancel();
    this.timer = setTimeout(() => void this.save(fields, calls), autosaveDelayMs);
  }

  cancel() {
    clearTimeout(this.timer);
  }

  /** Saves after any save under way; the draft's id, or null when it was not saved. */
  save(fields: BlogFields, { create, update }: DraftCalls): Promise<number | null> {
    const snapshot = JSON.stringify(fields);
    const run = this.queue.then(async () => {
      if (snapshot === this.lastSaved) return this.id;
      const saved = this.id === null ? await create(fields) : (await update(this.id, fields)) ? this.id : null;
      this.onSaved(saved, fields);
      if (saved === null) return null;
      this.id = saved;
      this.lastSaved = snapshot;
      return saved;
    });
    this.queue = run.catch(() => null);
    return run;
  }

  /** Waits for saves under way; the draft's id, if it has one. */
  settled(): Promise<number | null> {
    return this.queue.then(() => this.id);
  }
}
