import { eq, inArray } from 'drizzle-orm';
import {
  type AppEnvVar,
  type AppReadiness,
  type Database,
  ShelfStatus,
  appCategories,
  appTemplates,
  applications,
  images,
  users,
  type TemplatePort,
} from '../db/index.js';
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
  env?: AppEnvVar[];
  readiness: AppReadiness | null;
  launches: number;
}

/**
 * The first two start a real web service from what the system image holds (Debian's python3-notebook and Python's
 * http.server); the last two need software no registry here offers, say so, and fail visibly when deployed here.
 */
const demoApps: DemoApp[] = [
  {
    name: 'Jupyter Notebook',
    category: '开发环境',
    summary: '一键启动 Jupyter Notebook，浏览器里写代码、跑实验，适合实验与教学。',
    description:
      '## 开箱即用的 Notebook 环境\n\n- Debian 12 的 Jupyter Notebook（python3-notebook）与 Python 3\n- 数据盘在 `/root/data`，网盘挂载在 `/root/netdisk`\n\n## 使用方法\n\n部署后在控制台的实例列表等待应用状态变为 **运行中**，点击「打开应用」即以实例的 Jupyter 令牌登录 **8888** 端口。',
    image: 'PyTorch 2.3.0',
    regionCode: '',
    gpuModelCode: 'rtx4090',
    gpuCount: 1,
    dataDiskGb: 0,
    ports: [{ port: 8888, name: 'Jupyter', protocol: 'http' }],
    startCommand:
      'python3 -m notebook --ip=0.0.0.0 --port=8888 --allow-root --no-browser --notebook-dir=/root --NotebookApp.token="$SUANLI_JUPYTER_TOKEN"',
    readiness: { port: 8888, path: '/api' },
    launches: 128,
  },
  {
    name: '文件浏览器',
    category: '开发环境',
    summary: '用 Python 自带的 http.server 在网页上浏览、下载实例 /root 下的文件。',
    description:
      '## 在浏览器里看实例的文件\n\n- Python 3 标准库的 `http.server`，无需安装任何软件\n- 列出 `/root` 下的目录与文件（数据盘 `/root/data`、网盘 `/root/netdisk`），点击即可下载\n\n## 使用方法\n\n部署后在控制台的实例列表等待应用状态变为 **运行中**，点击「打开应用」打开 **8000** 端口。',
    image: 'PyTorch 2.3.0',
    regionCode: '',
    gpuModelCode: 'rtx4090',
    gpuCount: 1,
    dataDiskGb: 0,
    ports: [{ port: 8000, name: '文件浏览', protocol: 'http' }],
    startCommand: 'python3 -m http.server "$FILE_BROWSER_PORT" --directory /root',
    env: [{ name: 'FILE_BROWSER_PORT', value: '8000' }],
    readiness: { port: 8000, path: '/' },
    launches: 57,
  },
  {
    name: 'Stable Diffusion WebUI',
    category: 'AI 绘画',
    summary: 'AUTOMATIC1111 WebUI 与常用插件，开机即可文生图、图生图（需要 GPU 与 WebUI 软件，本站的演示资源池无法安装）。',
    description:
      '## AI 绘画工作台\n\n- AUTOMATIC1111 WebUI 1.9 与 ControlNet\n- 模型放在数据盘 `/root/data/models`\n\n## 需要什么\n\n运行需要 NVIDIA GPU、CUDA 12.1 与镜像里的 `/root/stable-diffusion-webui`（PyTorch、xformers 及其依赖）。本站演示环境的资源池没有这些软件（这里没有能安装它们的软件源）：部署后会照常运行下面的启动命令，它会因找不到 WebUI 而退出，实例列表显示 **启动失败** 与日志的最后几行。\n\n## 使用方法\n\n在装有 WebUI 的镜像上部署，应用运行后打开 **7860** 端口的 WebUI。',
    image: 'sd-webui-1.9',
    regionCode: '',
    gpuModelCode: 'rtx4090',
    gpuCount: 1,
    dataDiskGb: 50,
    ports: [{ port: 7860, name: 'WebUI', protocol: 'http' }],
    startCommand: 'cd /root/stable-diffusion-webui && python3 launch.py --listen --port 7860 --xformers',
    readiness: { port: 7860, path: '/' },
    launches: 86,
  },
  {
    name: 'vLLM 推理服务',
    category: '大模型推理',
    summary: '用 vLLM 部署兼容 OpenAI 接口的大模型推理服务，两卡张量并行（需要 vLLM 与模型文件，本站的演示资源池无法安装）。',
    description:
      '## 大模型推理\n\n- vLLM 0.5，CUDA 12.4\n- 兼容 OpenAI 的 `/v1/chat/completions` 接口\n\n## 需要什么\n\n运行需要两张 NVIDIA GPU、驱动支持 CUDA 12.4、Python 包 `vllm` 以及 `/root/models` 下的模型文件。本站演示环境的资源池没有这些软件（这里没有能安装 vLLM 的软件源）：部署后会照常运行下面的启动命令，它会因缺少 vllm 而退出，实例列表显示 **启动失败** 与日志的最后几行。\n\n## 使用方法\n\n把模型放到 `/root/models`，应用运行后访问 **8000** 端口。',
    image: 'vllm-0.5-server',
    regionCode: 'bj-a',
    gpuModelCode: 'rtx4090',
    gpuCount: 2,
    dataDiskGb: 100,
    ports: [{ port: 8000, name: 'OpenAI API', protocol: 'http' }],
    startCommand:
      'python3 -m vllm.entrypoints.openai.api_server --model /root/models/Qwen2-7B-Instruct --port 8000 --tensor-parallel-size 2',
    readiness: { port: 8000, path: '/v1/models' },
    launches: 42,
  },
];

/** Four published applications of the demo teacher on the demo images (once). */
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
        env: demo.env ?? [],
        readiness: demo.readiness,
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
