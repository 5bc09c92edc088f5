import { inArray } from 'drizzle-orm';
import { type Database, communityImages, ContentStatus, images, users } from '../db/index.js';
import { plainTextOf, renderMarkdown, indexDocument } from '../content/index.js';
import { demoAccounts } from './demo-accounts.js';

const gib = 1024 ** 3;

type Owner = keyof typeof demoAccounts;

interface DemoShare {
  owner: Owner;
  image: { name: string; framework: string; frameworkVersion: string; python: string; cuda: string; os: string; sizeBytes: number };
  /** Absent: the image stays private (the demo user publishes it in the journey). */
  share?: {
    title: string;
    summary: string;
    descriptionMd: string;
    tags: string[];
    cudaVersion: string;
    ports: number[];
    stars: number;
    uses: number;
  };
}

const pytorch = (cuda: string) => ({ framework: 'PyTorch', frameworkVersion: '2.3.0', python: '3.10', cuda, os: 'Ubuntu 22.04' });

/**
 * Shared images of the demo user and the teacher. The vLLM image needs CUDA 12.4, which the
 * 12.2 and 12.0 drivers of the RTX 3090 nodes (bj-a, hn-1) do not offer: the fit check refuses them.
 */
const demoShares: DemoShare[] = [
  {
    owner: 'user',
    image: { name: 'sd-webui-1.9', ...pytorch('12.1'), sizeBytes: 8 * gib },
    share: {
      title: 'Stable Diffusion WebUI 一键出图',
      summary: '预装 AUTOMATIC1111 WebUI 与常用插件，开机即用，端口 7860。',
      descriptionMd:
        '## 包含内容\n\n- Stable Diffusion WebUI 1.9\n- ControlNet、ADetailer 插件\n- SDXL 基础模型放在数据盘 `/root/autodl-tmp/models`\n\n## 使用方法\n\n1. 开机后执行 `bash /root/start.sh`\n2. 通过自定义服务打开 **7860** 端口\n',
      tags: ['Stable Diffusion', '图像生成', 'WebUI'],
      cudaVersion: '12.1',
      ports: [7860],
      stars: 12,
      uses: 36,
    },
  },
  {
    owner: 'teacher',
    image: { name: 'vllm-0.5-server', ...pytorch('12.4'), sizeBytes: 21 * gib },
    share: {
      title: 'vLLM 大模型推理服务',
      summary: 'vLLM 0.5 + OpenAI 兼容接口，适合部署 7B–70B 模型推理。需要 CUDA 12.4 驱动。',
      descriptionMd:
        '## 说明\n\n镜像内置 vLLM 0.5 与 FlashAttention 2，启动命令：\n\n```bash\npython -m vllm.entrypoints.openai.api_server --model /root/models/qwen2-7b\n```\n\n> 需要驱动支持 **CUDA 12.4**，请选择 RTX 4090、A800 或 H800 的新驱动主机。\n',
      tags: ['大模型', '推理', 'vLLM'],
      cudaVersion: '12.4',
      ports: [8000],
      stars: 20,
      uses: 15,
    },
  },
  {
    owner: 'teacher',
    image: {
      name: 'dl-course-2024',
      framework: 'PyTorch',
      frameworkVersion: '2.1.2',
      python: '3.10',
      cuda: '11.8',
      os: 'Ubuntu 22.04',
      sizeBytes: 13 * gib,
    },
    share: {
      title: '深度学习课程实验环境',
      summary: '王老师课程配套环境：PyTorch 2.1、JupyterLab、TensorBoard 与全部实验代码。',
      descriptionMd: '## 课程实验\n\n- 实验代码在 `/root/course`\n- JupyterLab 端口 8888，TensorBoard 端口 6006\n\n适用于所有 GPU 型号。\n',
      tags: ['PyTorch', '教学', 'Jupyter'],
      cudaVersion: '11.8',
      ports: [6006, 8888],
      stars: 8,
      uses: 52,
    },
  },
  {
    owner: 'user',
    image: { name: 'comfyui-flux', ...pytorch('12.2'), sizeBytes: 9 * gib },
    share: {
      title: 'ComfyUI 节点式工作流',
      summary: 'ComfyUI + 常用自定义节点，含 FLUX 工作流示例，端口 8188。',
      descriptionMd: '## 启动\n\n```bash\ncd /root/ComfyUI && python main.py --listen 0.0.0.0 --port 8188\n```\n',
      tags: ['Stable Diffusion', 'ComfyUI'],
      cudaVersion: '12.2',
      ports: [8188],
      stars: 5,
      uses: 9,
    },
  },
  { owner: 'user', image: { name: 'llama-factory-finetune', ...pytorch('12.4'), sizeBytes: 10 * gib } },
];

/** Private images of the demo user and the teacher, most of them shared in the image community; once. */
export async function seedDemoCommunityImages(db: Database): Promise<boolean> {
  const [existing] = await db.select({ id: communityImages.id }).from(communityImages).limit(1);
  if (existing) return false;
  const owners = await db
    .select({ id: users.id, mobile: users.mobile })
    .from(users)
    .where(inArray(users.mobile, [demoAccounts.user, demoAccounts.teacher]));
  const ownerId = (owner: Owner) => owners.find((row) => row.mobile === demoAccounts[owner])?.id;
  if (!ownerId('user') || !ownerId('teacher')) return false;
  await db.transaction(async (tx) => {
    for (const { owner, image, share } of demoShares) {
      const userId = ownerId(owner)!;
      const [saved] = await tx
        .insert(images)
        .values({ ...image, userId })
        .returning({ id: images.id, createdAt: images.createdAt });
      if (!share) continue;
      const { stars, uses, ...fields } = share;
      const [row] = await tx
        .insert(communityImages)
        .values({
          ...fields,
          imageId: saved!.id,
          ownerId: userId,
          descriptionHtml: renderMarkdown(fields.descriptionMd),
          status: ContentStatus.published,
          starCount: stars,
          useCount: uses,
        })
        .returning();
      await indexDocument(tx, {
        kind: 'image',
        refId: row!.id,
        title: row!.title,
        body: [row!.summary, row!.tags.join(' '), plainTextOf(row!.descriptionMd)].join('\n'),
        publishedAt: row!.createdAt,
      });
    }
  });
  return true;
}
