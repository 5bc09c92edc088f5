import type { PublishImageBody } from './image-community-api';

/** What the publishing steps have filled in so far; kept for the tab across the steps' pages (and the cover pages). */
export interface PublishDraft extends PublishImageBody {
  imageName: string;
}

const key = 'rc-image-community-draft';

export const emptyDraft: PublishDraft = {
  imageId: 0,
  imageName: '',
  title: '',
  summary: '',
  descriptionMd: '',
  tags: [],
  cudaVersion: '',
  ports: [],
  coverUrl: '',
};

export function loadDraft(): PublishDraft {
  try {
    const saved = JSON.parse(sessionStorage.getItem(key) ?? 'null') as Partial<PublishDraft> | null;
    return { ...emptyDraft, ...(saved ?? {}) };
  } catch {
    return { ...emptyDraft };
  }
}

export function saveDraft(draft: PublishDraft): void {
  sessionStorage.setItem(key, JSON.stringify(draft));
}

export function clearDraft(): void {
  sessionStorage.removeItem(key);
}

/** The first step of publishing, or the step after it when an image is already chosen. */
export const stepPaths = {
  pick: '/account/imageCommunity/add',
  describe: '/account/imageCommunity/addAppDcp',
  settings: '/account/imageCommunity/add?step=3',
} as const;
