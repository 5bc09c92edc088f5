import { eq, inArray } from 'drizzle-orm';
import { type Database, ShelfStatus, appCategories, appTemplates, applications, images, users, type TemplatePort } from '../db/index.js';
import { plainTextOf, renderMarkdown, indexDocument } from '../content/index.js';

interface DemoApp {
  name: string;
  category: string;
  summary: string;
  description: string;
  /** A system image or one shared in the image community. */
  image: string;
  regionCode: string;
  gpuModelCode: string;
  gpuCount: number;
  dataDiskGb: number;
  ports: TemplatePort[];
  startCommand: string;
  launches: number;
}

const demoApps: DemoApp[] = [
  {
    name: 'JupyterLab',
    category: '开发环境',
    summary: '一键启动带 GPU 的 JupyterLab，预装 PyTorch 2.3 与 CUDA 12.1，适合实验与教学。',
    description:
      '## 开箱即用的 Notebook 环境\n\n- PyTorch 2.3.0、Python 3.10、CUDA 12.1\n- 网盘挂载在 `/root/netdisk`，数据随实例保留\n\n## 使用方法\n\n实例运行后，在「我部署的应用」中找到 **8888** 端口，用实例的 Jupyter 令牌登录。',
    image: 'PyTorch 2.3.0',
    regionCode: '',
    gpuModelCode: 'rtx4090',
    gpuCount: 1,
    dataDiskGb: 0,
    ports: [{ port: 8888, name: 'JupyterLab', protocol: 'http' }],
    startCommand: 'jupyter lab --ip=0.0.0.0 --port=8888 --allow-root --no-browser --notebook-dir=/root',
    launches: 128,
  },
  {
    name: 'Stable Diffusion WebUI',
    category: 'AI 绘画',
    summary: 'AUTOMATIC1111 WebUI 与常用插件，开机即可文生图、图生图。',
    description:
      '## AI 绘画工作台\n\n- 预装 AUTOMATIC1111 WebUI 1.9 与 ControlNet\n- 模型放在数据盘 `/root/data/models`\n\n## 使用方法\n\n实例运行后打开 **7860** 端口的 WebUI。',
    image: 'sd-webui-1.9',
    regionCode: '',
    gpuModelCode: 'rtx4090',
    gpuCount: 1,
    dataDiskGb: 50,
    ports: [{ port: 7860, name: 'WebUI', protocol: 'http' }],
    startCommand: 'cd /root/stable-diffusion-webui && python launch.py --listen --port 7860 --xformers',
    launches: 86,
  },
  {
    name: 'vLLM 推理服务',
    category: '大模型推理',
    summary: '用 vLLM 部署兼容 OpenAI 接口的大模型推理服务，两卡张量并行。',
    description:
      '## 大模型推理\n\n- vLLM 0.5，CUDA 12.4\n- 兼容 OpenAI 的 `/v1/chat/completions` 接口\n\n## 使用方法\n\n把模型放到 `/root/models`，实例运行后访问 **8000** 端口。',
    image: 'vllm-0.5-server',
    regionCode: 'bj-a',
    gpuModelCode: 'rtx4090',
    gpuCount: 2,
    dataDiskGb: 100,
    ports: [{ port: 8000, name: 'OpenAI API', protocol: 'http' }],
    startCommand:
      'python -m vllm.entrypoints.openai.api_server --model /root/models/Qwen2-7B-Instruct --port 8000 --tensor-parallel-size 2',
    launches: 42,
  },
];

/** Three published applications of the demo teacher on the demo images (once). */
export async function seedDemoApps(db: Database): Promise<boolean> {
  const [existing] = await db.select({ id: applications.id }).from(applications).limit(1);
  if (existing) return false;
  const [teacher] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, '13800000002'));
  const categories = await db.select().from(appCategories);
  const imageRows = await db
    .select({ id: images.id, name: images.name })
    .from(images)
    .where(inArray(images.name, [...new Set(demoApps.map((app) => app.image))]));
  if (!teacher || categories.length === 0 || imageRows.length < 3) return false;
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const demo of demoApps) {
      const [app] = await tx
        .insert(applications)
        .values({
          authorId: teacher.id,
          categoryId: categories.find((category) => category.name === demo.category)?.id ?? null,
          name: demo.name,
          summary: demo.summary,
          descriptionMarkdown: demo.description,
          descriptionHtml: renderMarkdown(demo.description),
          status: ShelfStatus.published,
          launchCount: demo.launches,
          publishedAt: now,
        })
        .returning();
      await tx.insert(appTemplates).values({
        appId: app!.id,
        imageId: imageRows.find((image) => image.name === demo.image)!.id,
        regionCode: demo.regionCode,
        gpuModelCode: demo.gpuModelCode,
        gpuCount: demo.gpuCount,
        dataDiskGb: demo.dataDiskGb,
        ports: demo.ports,
        startCommand: demo.startCommand,
      });
      await indexDocument(tx, {
        kind: 'app',
        refId: app!.id,
        title: app!.name,
        body: `${app!.summary}\n${plainTextOf(demo.description)}`,
        publishedAt: now,
      });
    }
  });
  return true;
}
