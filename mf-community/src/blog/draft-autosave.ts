import { useCallback, useEffect, useRef, useState } from 'react';
import type { BlogFields } from './blog-api';
import { DraftSaver, worthSaving, type DraftCalls } from './draft-saver';

const localKey = 'rc-blog-draft';

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
 * Saves the post as a draft on the server 2 s after the last change (`DraftSaver`), and keeps every change in the
 * browser at once.
 */
export function useDraftAutosave(
  fields: BlogFields,
  {
    id,
    create,
    update,
    enabled,
    toServer,
  }: DraftCalls & {
    id: number | null;
    /** False until the fields are loaded. */
    enabled: boolean;
    /** False for a published post: its changes stay in the browser until it is published again. */
    toServer: boolean;
  },
) {
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [saver] = useState(
    () =>
      new DraftSaver(id, (saved, current) => {
        setFailed(saved === null);
        if (saved === null) return;
        keepLocalDraft({ id: saved, fields: current, published: false });
        setSavedAt(timeOfDay(new Date()));
      }),
  );
  const touched = useRef(false);

  useEffect(() => {
    saver.id = id;
  }, [saver, id]);

  useEffect(() => {
    if (!enabled) return;
    if (!touched.current) {
      touched.current = true;
      saver.loaded(fields);
      return;
    }
    keepLocalDraft({ id: saver.id, fields, published: !toServer });
    if (!worthSaving(fields, toServer)) return;
    saver.later(fields, { create, update });
    return () => saver.cancel();
  }, [fields, enabled, toServer, saver, create, update]);

  /** Waits for saves under way; the draft's id, if it has one. */
  const settled = useCallback(() => saver.settled(), [saver]);

  return { savedAt, failed, settled };
}
