import { viewCommunityImage } from './image-community-api';
import { saveDraft, stepPaths } from './publish-draft';

/** Loads one of my shared images into the publishing steps and opens its description step; publishing again saves it. */
export async function editImage(id: number, navigate: (url: string) => void) {
  const result = await viewCommunityImage(id, true);
  if (result.code !== 200) return;
  const image = result.data;
  saveDraft({
    imageId: image.imageId,
    imageName: image.title,
    title: image.title,
    summary: image.summary,
    descriptionMd: image.descriptionMd,
    tags: image.tags,
    cudaVersion: image.cudaVersion,
    ports: image.ports,
    coverUrl: image.coverUrl,
  });
  navigate(stepPaths.describe);
}
