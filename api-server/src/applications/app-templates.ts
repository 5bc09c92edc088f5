import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type {
  TemplateBody,
  TemplateEnvVar,
  TemplateGpuModel,
  TemplateImage,
  TemplateReadiness,
  TemplateScope,
} from '@rc/api-contract/application/app';
import { type Executor, ContentStatus, appTemplates, communityImages, computeNodes, gpuModels, images, regions } from '../db/index.js';
import { invalid } from '../errors.js';
import { compareCuda, imageFit, usableImage } from '../compute/index.js';

/** The ready images an application of `userId` may be built on: system images, their own, and those published in the community. */
export async function templateImages(db: Executor, userId: number): Promise<TemplateImage[]> {
  const rows = await db
    .selectDistinctOn([images.id], { image: images })
    .from(images)
    .leftJoin(communityImages, and(eq(communityImages.imageId, images.id), eq(communityImages.status, ContentStatus.published)))
    .where(
      and(
        isNull(images.deletedAt),
        eq(images.status, 1),
        or(isNull(images.userId), eq(images.userId, userId), eq(communityImages.status, ContentStatus.published)),
      ),
    )
    .orderBy(asc(images.id));
  return rows.map(({ image }) => ({
    id: image.id,
    name: image.name,
    framework: image.framework,
    frameworkVersion: image.frameworkVersion,
    python: image.python,
    cuda: image.cuda,
    os: image.os,
    source: image.userId === null ? 'system' : image.userId === userId ? 'mine' : 'community',
  }));
}

/** The enabled nodes of the pool with their region and model. */
function poolNodes(db: Executor) {
  return db
    .select({
      regionCode: regions.code,
      regionName: regions.name,
      gpuModelId: gpuModels.id,
      gpuModelCode: gpuModels.code,
      gpuModelName: gpuModels.name,
      memoryGb: gpuModels.memoryGb,
      gpuTotal: computeNodes.gpuTotal,
      cudaVersion: computeNodes.cudaVersion,
    })
    .from(computeNodes)
    .innerJoin(regions, eq(regions.code, computeNodes.regionCode))
    .innerJoin(gpuModels, eq(gpuModels.id, computeNodes.gpuModelId))
    .where(and(eq(computeNodes.enabled, true), eq(regions.enabled, true)))
    .orderBy(asc(regions.sort), asc(gpuModels.sort));
}

/** Each region and GPU model of the pool: the most cards on one node, the newest driver, and whether it runs the image's CUDA. */
export async function templateScopes(db: Executor, imageCuda: string | null): Promise<TemplateScope[]> {
  const scopes = new Map<string, TemplateScope>();
  for (const node of await poolNodes(db)) {
    const key = `${node.regionCode}/${node.gpuModelCode}`;
    const seen = scopes.get(key);
    const cudaVersion = seen && compareCuda(seen.cudaVersion, node.cudaVersion) > 0 ? seen.cudaVersion : node.cudaVersion;
    scopes.set(key, {
      regionCode: node.regionCode,
      regionName: node.regionName,
      gpuModelId: node.gpuModelId,
      gpuModelCode: node.gpuModelCode,
      gpuModelName: node.gpuModelName,
      maxGpuPerNode: Math.max(seen?.maxGpuPerNode ?? 0, node.gpuTotal),
      cudaVersion,
      fits: imageCuda === null || compareCuda(cudaVersion, imageCuda) >= 0,
    });
  }
  return [...scopes.values()];
}

/** The GPU models of the pool, with the most cards one node has and the regions offering them. */
export async function templateGpuModels(db: Executor): Promise<TemplateGpuModel[]> {
  const models = new Map<string, TemplateGpuModel>();
  for (const node of await poolNodes(db)) {
    const model = models.get(node.gpuModelCode) ?? {
      code: node.gpuModelCode,
      name: node.gpuModelName,
      memoryGb: node.memoryGb,
      maxGpuPerNode: 0,
      regionNames: [],
    };
    model.maxGpuPerNode = Math.max(model.maxGpuPerNode, node.gpuTotal);
    if (!model.regionNames.includes(node.regionName)) model.regionNames.push(node.regionName);
    models.set(node.gpuModelCode, model);
  }
  return [...models.values()];
}

function checkPorts(ports: TemplateBody['ports']) {
  const seen = new Set<number>();
  for (const { port } of ports) {
    if (port === 22) throw invalid('22 端口用于 SSH 登录，请换一个端口');
    if (seen.has(port)) throw invalid(`端口 ${port} 重复`);
    seen.add(port);
  }
}

function checkEnv(env: TemplateEnvVar[]) {
  const seen = new Set<string>();
  for (const { name } of env) {
    if (name.toUpperCase().startsWith('SUANLI_')) throw invalid(`环境变量 ${name}：SUANLI_ 开头的变量由平台设置，请换一个名字`);
    if (seen.has(name)) throw invalid(`环境变量 ${name} 重复`);
    seen.add(name);
  }
}

/** The readiness check names one of the template's ports: an HTTP one with a path, a TCP one without. */
function readinessOf(body: Pick<TemplateBody, 'ports' | 'readiness' | 'startCommand'>): TemplateReadiness | null {
  const readiness = body.readiness ?? null;
  if (!readiness) return null;
  if (!body.startCommand.trim()) throw invalid('就绪检查针对启动命令运行的服务，请先填写启动命令');
  const port = body.ports.find((candidate) => candidate.port === readiness.port);
  if (!port) throw invalid(`就绪检查的端口 ${readiness.port} 不在模板的端口中`);
  if (port.protocol === 'tcp') return { port: port.port, path: '' };
  const path = readiness.path.trim() || '/';
  if (!path.startsWith('/') || /\s/.test(path)) throw invalid('就绪检查路径应以 / 开头，且不含空格');
  return { port: port.port, path };
}

/**
 * Checks the template against the pool (the model exists in the region or anywhere, the count fits on
 * one node, a node's driver runs the image's CUDA, the image is one the author may use) and saves it.
 */
export async function saveTemplate(db: Executor, authorId: number, appId: number, body: Omit<TemplateBody, 'id'>) {
  checkPorts(body.ports);
  checkEnv(body.env ?? []);
  const readiness = readinessOf(body);
  const image = await usableImage(db, authorId, body.imageId);
  const [model] = await db.select().from(gpuModels).where(eq(gpuModels.code, body.gpuModelCode));
  if (!model) throw invalid('GPU型号不存在');
  const scopes = (await templateScopes(db, image.cuda)).filter(
    (scope) => scope.gpuModelCode === model.code && (!body.regionCode || scope.regionCode === body.regionCode),
  );
  if (scopes.length === 0) throw invalid(body.regionCode ? `所选地区没有 ${model.name} 主机` : `暂无 ${model.name} 主机`);
  const maxGpu = Math.max(...scopes.map((scope) => scope.maxGpuPerNode));
  if (body.gpuCount > maxGpu) throw invalid(`GPU数量超过单台主机的卡数：${model.name} 单台最多 ${maxGpu} 张`);
  if (!scopes.some((scope) => scope.fits)) {
    const fit = await imageFit(db, image.cuda, { regionCode: body.regionCode || scopes[0]!.regionCode, gpuModelId: model.id });
    throw invalid(body.regionCode ? fit.reasons.join('；') : `该镜像需要 CUDA ${image.cuda}，${model.name} 主机的驱动都不支持`);
  }
  const row = {
    imageId: image.id,
    regionCode: body.regionCode,
    gpuModelCode: model.code,
    gpuCount: body.gpuCount,
    dataDiskGb: body.dataDiskGb,
    ports: body.ports,
    startCommand: body.startCommand.trim(),
    env: body.env ?? [],
    readiness,
  };
  await db
    .insert(appTemplates)
    .values({ appId, ...row })
    .onConflictDoUpdate({ target: appTemplates.appId, set: row });
}
