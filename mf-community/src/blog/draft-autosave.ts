import { useCallback, useEffect, useRef, useState } from 'react';
import type { BlogFields } from './blog-api';

const localKey = 'rc-blog-draft';
export const autosaveDelayMs = 2000;

/** What the browser keeps of the post being written, so a crash or a failed save loses nothing. */
export interface LocalDraft {
  id: number | null;
  fields: BlogFields;
  /** Changes to a published post: restored only when that post is edited again, never as a new draft. */
  published: boolean;
}

export function readLocalDraft(): LocalDraft | null {
  try {
    const stored = JSON.parse(localStorage.getItem(localKey) ?? 'null') as LocalDraft | null;
    return stored && typeof stored.fields?.content === 'string' ? stored : null;
  } catch {
    return null;
  }
}

export const keepLocalDraft = (draft: LocalDraft) => localStorage.setItem(localKey, JSON.stringify(draft));
export const forgetLocalDraft = () => localStorage.removeItem(localKey);

const timeOfDay = (date: Date) => date.toTimeString().slice(0, 8);

/**
 * Saves the post as a draft on the server 2 s after the last change: the first save creates it
 * (`create` answers its id), later ones update it. Saves never overlap; the latest fields win.
 */
export function useDraftAutosave(
  fields: BlogFields,
  {
    id,
    create,
    update,
    enabled,
    toServer,
  }: {
    id: number | null;
    create: (fields: BlogFields) => Promise<number | null>;
    update: (id: number, fields: BlogFields) => Promise<boolean>;
    /** False until the fields are loaded. */
    enabled: boolean;
    /** False for a published post: its changes stay in the browser until it is published again. */
    toServer: boolean;
  },
) {
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const draftId = useRef(id);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const lastSaved = useRef<string | null>(null);
  const touched = useRef(false);

  useEffect(() => {
    draftId.current = id;
  }, [id]);

  const saveNow = useCallback(
    (current: BlogFields) => {
      const snapshot = JSON.stringify(current);
      const run = queue.current.then(async () => {
        if (snapshot === lastSaved.current) return draftId.current;
        const saved = draftId.current === null ? await create(current) : (await update(draftId.current, current)) ? draftId.current : null;
        setFailed(saved === null);
        if (saved === null) return null;
        draftId.current = saved;
        lastSaved.current = snapshot;
        keepLocalDraft({ id: saved, fields: current, published: false });
        setSavedAt(timeOfDay(new Date()));
        return saved;
      });
      queue.current = run.catch(() => null);
      return run;
    },
    [create, update],
  );

  useEffect(() => {
    if (!enabled) return;
    if (!touched.current) {
      touched.current = true;
      lastSaved.current = JSON.stringify(fields);
      return;
    }
    keepLocalDraft({ id: draftId.current, fields, published: !toServer });
    if (!toServer || (!fields.title.trim() && !fields.content.trim())) return;
    const timer = setTimeout(() => void saveNow(fields), autosaveDelayMs);
    return () => clearTimeout(timer);
  }, [fields, enabled, toServer, saveNow]);

  /** Waits for saves under way; the draft's id, if it has one. */
  const settled = useCallback(() => queue.current.then(() => draftId.current), []);

  return { savedAt, failed, settled };
}
