import { and, eq, isNull } from 'drizzle-orm';
import { type Database, computeNodes, gpuModels, images, regions } from '../db/index.js';
import { baseImageRef, desktopImageRef } from '../compute/index.js';

const gib = 1024 ** 3;

const regionList = [
  { code: 'bj-a', name: '北京A区', sort: 0 },
  { code: 'hd-2', name: '华东二区', sort: 1 },
  { code: 'hn-1', name: '华南一区', sort: 2 },
  { code: 'xb-1', name: '西北一区', sort: 3 },
];

// Prices per card in thousandths of a yuan: per hour, and day/week/month packages below 24 × 7 × 30 hours.
const modelList = [
  {
    code: 'rtx4090',
    name: 'RTX 4090',
    memoryGb: 24,
    hourPrice: 1_980,
    dayPrice: 42_000,
    weekPrice: 268_000,
    monthPrice: 1_050_000,
    sort: 0,
  },
  { code: 'rtx3090', name: 'RTX 3090', memoryGb: 24, hourPrice: 1_380, dayPrice: 29_800, weekPrice: 188_000, monthPrice: 740_000, sort: 1 },
  { code: 'l40s', name: 'L40S', memoryGb: 48, hourPrice: 3_280, dayPrice: 70_000, weekPrice: 445_000, monthPrice: 1_750_000, sort: 2 },
  { code: 'a800', name: 'A800', memoryGb: 80, hourPrice: 5_980, dayPrice: 128_000, weekPrice: 810_000, monthPrice: 3_200_000, sort: 3 },
  { code: 'h800', name: 'H800', memoryGb: 80, hourPrice: 9_980, dayPrice: 215_000, weekPrice: 1_360_000, monthPrice: 5_400_000, sort: 4 },
];

/** The hour price per card of the catalogue's model `code`: the figure the demo site's advert and tip bar state. */
export function catalogueHourPrice(code: string): number {
  const model = modelList.find((candidate) => candidate.code === code);
  if (!model) throw new Error(`no GPU model ${code} in the catalogue`);
  return model.hourPrice;
}

/** [region, model, node count, GPUs per node, vCPU per GPU, memory GB per GPU, CUDA]. */
const nodePlan: Array<[string, string, number, number, number, number, string]> = [
  ['bj-a', 'rtx4090', 4, 8, 16, 60, '12.4'],
  ['bj-a', 'rtx3090', 2, 8, 12, 40, '12.2'],
  ['bj-a', 'a800', 2, 8, 28, 120, '12.4'],
  ['hd-2', 'rtx4090', 3, 8, 16, 60, '12.4'],
  ['hd-2', 'h800', 2, 8, 32, 240, '12.4'],
  ['hd-2', 'l40s', 2, 4, 16, 80, '12.2'],
  ['hn-1', 'rtx4090', 2, 8, 12, 60, '12.2'],
  ['hn-1', 'rtx3090', 3, 4, 12, 40, '12.0'],
  ['xb-1', 'a800', 1, 8, 28, 120, '12.2'],
  ['xb-1', 'rtx4090', 1, 2, 16, 60, '12.4'],
];

const systemImages = [
  {
    name: 'PyTorch 2.3.0',
    framework: 'PyTorch',
    frameworkVersion: '2.3.0',
    python: '3.10',
    cuda: '12.1',
    os: 'Ubuntu 22.04',
    sizeBytes: 14 * gib,
  },
  {
    name: 'PyTorch 2.1.2',
    framework: 'PyTorch',
    frameworkVersion: '2.1.2',
    python: '3.10',
    cuda: '11.8',
    os: 'Ubuntu 22.04',
    sizeBytes: 13 * gib,
  },
  {
    name: 'TensorFlow 2.15.0',
    framework: 'TensorFlow',
    frameworkVersion: '2.15.0',
    python: '3.10',
    cuda: '12.2',
    os: 'Ubuntu 22.04',
    sizeBytes: 12 * gib,
  },
  {
    name: 'JAX 0.4.26',
    framework: 'JAX',
    frameworkVersion: '0.4.26',
    python: '3.11',
    cuda: '12.2',
    os: 'Ubuntu 22.04',
    sizeBytes: 9 * gib,
  },
  {
    name: 'PaddlePaddle 2.6.1',
    framework: 'PaddlePaddle',
    frameworkVersion: '2.6.1',
    python: '3.10',
    cuda: '12.0',
    os: 'Ubuntu 20.04',
    sizeBytes: 11 * gib,
  },
  {
    name: 'Miniconda conda3',
    framework: 'Miniconda',
    frameworkVersion: 'conda3',
    python: '3.10',
    cuda: '12.1',
    os: 'Ubuntu 22.04',
    sizeBytes: 6 * gib,
  },
];

/** The rent page's catalogue: regions, GPU models with their prices, and the system images; written once. */
export async function seedComputeCatalogue(db: Database): Promise<boolean> {
  const [existing] = await db.select({ code: regions.code }).from(regions).limit(1);
  if (existing) return false;
  await db.transaction(async (tx) => {
    await tx.insert(regions).values(regionList);
    await tx.insert(gpuModels).values(modelList);
    // Every system image runs the one image `npm run images` builds (under COMPUTE_DRIVER=podman).
    await tx.insert(images).values(systemImages.map((image) => ({ ...image, runtimeRef: baseImageRef })));
  });
  return true;
}

/**
 * The system image with a remote desktop (`npm run images -- desktop`), written when no system image runs it yet:
 * a site seeded before it existed gets it too. Its size is the built image's (829 MB, `podman images`).
 */
export async function seedDesktopImage(db: Database): Promise<boolean> {
  const [existing] = await db
    .select({ id: images.id })
    .from(images)
    .where(and(isNull(images.userId), eq(images.runtimeRef, desktopImageRef)));
  if (existing) return false;
  await db.insert(images).values({
    name: '桌面环境 Debian 12 (VNC)',
    framework: '远程桌面',
    frameworkVersion: 'TigerVNC 1.12',
    python: '3.11',
    cuda: '11.8',
    os: 'Debian 12',
    sizeBytes: 829_000_000,
    runtimeRef: desktopImageRef,
  });
  return true;
}

/** The demo's pool of made-up nodes (a real site describes its own machines), written once into the catalogue. */
export async function seedDemoComputeNodes(db: Database): Promise<boolean> {
  const [existing] = await db.select({ id: computeNodes.id }).from(computeNodes).limit(1);
  if (existing) return false;
  const models = await db.select({ id: gpuModels.id, code: gpuModels.code }).from(gpuModels);
  const modelId = new Map(models.map((model) => [model.code, model.id]));
  await db.insert(computeNodes).values(
    nodePlan.flatMap(([regionCode, model, count, gpus, cpuPerGpu, memoryPerGpuGb, cudaVersion]) =>
      Array.from({ length: count }, (_, index) => ({
        regionCode,
        name: `${regionCode}-${model}-${String(index + 1).padStart(2, '0')}`,
        gpuModelId: modelId.get(model)!,
        gpuTotal: gpus,
        gpuFree: gpus,
        cpuPerGpu,
        memoryPerGpuGb,
        cudaVersion,
        sshHost: `connect.${regionCode}.suanli.example`,
      })),
    ),
  );
  return true;
}
