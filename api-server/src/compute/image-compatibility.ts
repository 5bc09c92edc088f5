import { and, asc, eq, sql } from 'drizzle-orm';
import { type Executor, communityImages, computeNodes, ContentStatus, gpuModels, regions } from '../db/index.js';
import { conflict } from '../errors.js';

/** A CUDA version as [major, minor]; '12.1' → [12, 1]. */
function cudaParts(version: string): [number, number] {
  const [major = 0, minor = 0] = version.split('.').map((part) => Number(part) || 0);
  return [major, minor];
}

/** Negative when a is older than b, 0 when equal. */
export function compareCuda(a: string, b: string): number {
  const [aMajor, aMinor] = cudaParts(a);
  const [bMajor, bMinor] = cudaParts(b);
  return aMajor !== bMajor ? aMajor - bMajor : aMinor - bMinor;
}

export interface RentChoice {
  regionCode: string;
  gpuModelId: number;
  nodeId?: number;
}

export interface Fit {
  fits: boolean;
  reasons: string[];
  /** The chosen nodes whose driver supports the image; renting picks among these. */
  nodeIds: number[];
  fitting: Array<{ regionCode: string; regionName: string; gpuModelId: number; gpuModelName: string; cudaVersion: string }>;
}

const highest = (versions: string[]) => versions.reduce((best, version) => (compareCuda(version, best) > 0 ? version : best));

/**
 * Whether the image's CUDA need fits the drivers of the nodes of the rent choice (region and GPU
 * model, or one node), why not in Chinese, and which regions and models would fit.
 */
export async function imageFit(db: Executor, cudaNeed: string, choice: RentChoice): Promise<Fit> {
  const pool = await db
    .select({
      id: computeNodes.id,
      regionCode: computeNodes.regionCode,
      regionName: regions.name,
      gpuModelId: computeNodes.gpuModelId,
      gpuModelName: gpuModels.name,
      cudaVersion: computeNodes.cudaVersion,
    })
    .from(computeNodes)
    .innerJoin(regions, eq(regions.code, computeNodes.regionCode))
    .innerJoin(gpuModels, eq(gpuModels.id, computeNodes.gpuModelId))
    .where(and(eq(computeNodes.enabled, true), eq(regions.enabled, true)))
    .orderBy(asc(regions.sort), asc(gpuModels.sort), asc(computeNodes.id));
  const supports = (node: { cudaVersion: string }) => compareCuda(node.cudaVersion, cudaNeed) >= 0;

  const fitting = new Map<string, Fit['fitting'][number]>();
  for (const node of pool.filter(supports)) {
    const key = `${node.regionCode}/${node.gpuModelId}`;
    const seen = fitting.get(key);
    const cudaVersion = seen ? highest([seen.cudaVersion, node.cudaVersion]) : node.cudaVersion;
    fitting.set(key, { ...node, cudaVersion });
  }

  const chosen = pool.filter((node) =>
    choice.nodeId ? node.id === choice.nodeId : node.regionCode === choice.regionCode && node.gpuModelId === choice.gpuModelId,
  );
  const nodeIds = chosen.filter(supports).map((node) => node.id);
  const reasons: string[] = [];
  if (chosen.length === 0) reasons.push(choice.nodeId ? '所选主机不存在或已停用' : '所选地区暂无该型号的主机');
  else if (nodeIds.length === 0) {
    const driver = highest(chosen.map((node) => node.cudaVersion));
    reasons.push(`该镜像需要 CUDA ${cudaNeed}，所选 ${chosen[0]!.gpuModelName} 节点的驱动最高支持 CUDA ${driver}`);
  }
  if (reasons.length > 0)
    reasons.push(
      fitting.size > 0
        ? `可选择：${[...fitting.values()].map((f) => `${f.regionName} ${f.gpuModelName}`).join('、')}`
        : '目前没有主机的驱动支持该镜像',
    );
  return { fits: reasons.length === 0, reasons, nodeIds, fitting: [...fitting.values()] };
}

/** The CUDA need of an image published in the community, or null when it is not shared. */
export async function publishedCudaNeed(db: Executor, imageId: number): Promise<string | null> {
  const [shared] = await db
    .select({ cudaVersion: communityImages.cudaVersion })
    .from(communityImages)
    .where(and(eq(communityImages.imageId, imageId), eq(communityImages.status, ContentStatus.published)));
  return shared?.cudaVersion ?? null;
}

/**
 * For renting: the nodes of the choice that can run a community image, or null for an image that
 * is not shared (no check). An image that fits none of them is refused with the reasons.
 */
export async function nodesFittingImage(db: Executor, imageId: number, choice: RentChoice): Promise<number[] | null> {
  const need = await publishedCudaNeed(db, imageId);
  if (!need) return null;
  const fit = await imageFit(db, need, choice);
  if (!fit.fits) throw conflict(fit.reasons.join('；'));
  return fit.nodeIds;
}

/** One more instance was created from the community image. */
export async function countCommunityUse(db: Executor, imageId: number): Promise<void> {
  await db
    .update(communityImages)
    .set({ useCount: sql`${communityImages.useCount} + 1` })
    .where(and(eq(communityImages.imageId, imageId), eq(communityImages.status, ContentStatus.published)));
}
