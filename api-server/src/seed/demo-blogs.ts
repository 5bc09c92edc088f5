import { eq, inArray } from 'drizzle-orm';
import {
  type Database,
  bloggerFollows,
  bloggers,
  ContentStatus,
  labels,
  postComments,
  postLabels,
  postLikes,
  posts,
  users,
} from '../db/index.js';
import { plainTextOf, renderMarkdown, summaryOf, indexDocument } from '../content/index.js';
import { recomputeHotScores } from '../community/index.js';

const hour = 3_600_000;

/** The pages the site footer links to (/news/detail/<slug>). */
const demoNews: Array<{ slug: string; title: string; content: string }> = [
  {
    slug: 'about',
    title: '关于算力云',
    content:
      '# 关于算力云\n\n算力云是面向高校、科研团队和 AI 开发者的 GPU 算力租用平台：按量计费、分钟级开机，提供常用深度学习镜像、网盘与文件存储、超算集群，以及课程与社区。\n\n我们的目标是让每一位开发者都能用得起、用得好算力。',
  },
  {
    slug: 'contact',
    title: '联系我们',
    content:
      '# 联系我们\n\n- 客服电话：400-000-0000（工作日 9:00–18:00）\n- 商务合作：bd@example.com\n- 技术支持：在控制台提交工单，或在社区「问答」中提问\n\n公司地址：北京市海淀区中关村大街 1 号',
  },
  {
    slug: 'quick-start',
    title: '快速开始',
    content:
      '# 快速开始\n\n1. 注册并完成实名认证；\n2. 在「充值」页面充值余额；\n3. 进入「算力市场」选择 GPU 型号与镜像，创建实例；\n4. 实例运行后，通过 JupyterLab 或 SSH 登录开始训练；\n5. 用完及时关机，按量计费的实例关机后不再收取 GPU 费用。',
  },
  {
    slug: 'billing',
    title: '计费说明',
    content:
      '# 计费说明\n\n- **按量计费**：按实际运行秒数结算，每小时扣费一次，关机即停止计费；\n- **包日 / 包周 / 包月**：一次性支付，期间不限时长，价格更优惠；\n- **数据盘**：扩容部分按天计费，关机期间照常收取；\n- **网盘与文件存储**：超出免费额度后按容量每日计费。\n\n余额不足时按量实例会被自动关机，请留意余额提醒。',
  },
];

interface DemoPost {
  author: 'user' | 'teacher';
  title: string;
  labels: string[];
  content: string;
  hoursAgo: number;
  views: number;
  likedBy: Array<'user' | 'teacher' | 'operator'>;
  comments: Array<{
    by: 'user' | 'teacher' | 'operator';
    content: string;
    replies?: Array<{ by: 'user' | 'teacher' | 'operator'; content: string }>;
  }>;
}

const demoPosts: DemoPost[] = [
  {
    author: 'teacher',
    title: '在 GPU 实例里挂载网盘：数据集只传一次',
    labels: ['网盘', '入门教程'],
    hoursAgo: 70,
    views: 420,
    likedBy: ['user', 'operator'],
    content:
      '## 为什么要挂载网盘\n\n实例释放后系统盘的数据会被清空，而网盘独立于实例存在。把数据集放在网盘里，换实例、换 GPU 型号都不用重新上传。\n\n## 步骤\n\n1. 在「网盘」页面开通网盘并上传数据集；\n2. 创建实例时勾选「挂载网盘」，网盘会出现在 `/root/netdisk`；\n3. 训练脚本直接读取：\n\n```bash\nls /root/netdisk/datasets/imagenet\npython train.py --data /root/netdisk/datasets/imagenet\n```\n\n## 小提示\n\n网盘适合存放数据集和模型权重；频繁读写的小文件建议先复制到数据盘，速度更快。',
    comments: [
      {
        by: 'user',
        content: '挂载之后读取速度怎么样？几十万张小图会不会很慢？',
        replies: [{ by: 'teacher', content: '小文件多的话建议先打包成 tar，或者复制到数据盘再训练。' }],
      },
    ],
  },
  {
    author: 'teacher',
    title: 'PyTorch 多卡训练：从 DataParallel 到 DDP',
    labels: ['PyTorch', '深度学习', '性能优化'],
    hoursAgo: 30,
    views: 860,
    likedBy: ['user', 'operator'],
    content:
      '## 先说结论\n\n单机多卡请直接用 **DistributedDataParallel（DDP）**，它比 DataParallel 快得多，也没有主卡显存不均衡的问题。\n\n## 最小示例\n\n```python\nimport torch.distributed as dist\nfrom torch.nn.parallel import DistributedDataParallel as DDP\n\ndist.init_process_group("nccl")\nlocal_rank = int(os.environ["LOCAL_RANK"])\nmodel = DDP(model.cuda(local_rank), device_ids=[local_rank])\n```\n\n启动：\n\n```bash\ntorchrun --nproc_per_node=4 train.py\n```\n\n## 注意事项\n\n- 数据加载用 `DistributedSampler`，每个 epoch 调用 `set_epoch`；\n- 只在 rank 0 保存模型和打印日志；\n- 4 卡实例的有效 batch size 是单卡的 4 倍，学习率相应调整。',
    comments: [
      { by: 'user', content: '按这个改完，4 张卡的利用率终于都上去了，感谢！' },
      { by: 'operator', content: '多卡实例在算力市场里筛选「GPU 数量」即可找到。' },
    ],
  },
  {
    author: 'user',
    title: '按量计费省钱小技巧：我一个月省下了 40% 的算力费',
    labels: ['计费', '入门教程'],
    hoursAgo: 12,
    views: 530,
    likedBy: ['teacher'],
    content:
      '## 1. 调试用小卡，训练用大卡\n\n写代码、跑通流程时用便宜的卡，确认无误后再保存镜像，换大卡正式训练。\n\n## 2. 训练完自动关机\n\n在训练脚本最后加一行关机命令，半夜跑完就不会白白计费。\n\n## 3. 长期任务选包周包月\n\n连续跑好几天的任务，包周比按量便宜不少。\n\n## 4. 数据放网盘\n\n释放实例不丢数据，不用为了保留数据而一直开着实例。',
    comments: [{ by: 'teacher', content: '第二条很实用，很多同学都是忘了关机。' }],
  },
  {
    author: 'user',
    title: '保存镜像：把配好的环境一键带走',
    labels: ['镜像', '入门教程'],
    hoursAgo: 48,
    views: 310,
    likedBy: ['teacher'],
    content:
      '配好 CUDA、装好依赖花了一下午？关机前在实例列表点「保存镜像」，下次创建实例时在「我的镜像」里选它，环境原样恢复。\n\n- 保存前清理 `~/.cache/pip` 等缓存，镜像更小、保存更快；\n- 数据集不要放在系统盘里一起保存，放网盘；\n- 想分享给别人，可以发布到「镜像社区」。',
    comments: [],
  },
  {
    author: 'teacher',
    title: 'CUDA 版本与驱动怎么选：一张表说清楚',
    labels: ['CUDA', '深度学习'],
    hoursAgo: 100,
    views: 640,
    likedBy: ['user'],
    content:
      '镜像里的 CUDA 版本不能高于宿主机驱动支持的最高版本。\n\n| 驱动版本 | 最高 CUDA |\n| --- | --- |\n| 535 | 12.2 |\n| 525 | 12.0 |\n| 470 | 11.4 |\n\n在实例里运行 `nvidia-smi`，右上角显示的就是驱动支持的最高 CUDA 版本。PyTorch 官方轮子自带 CUDA 运行时，只要驱动够新即可。',
    comments: [{ by: 'user', content: '终于搞明白为什么我的镜像起不来了。' }],
  },
  {
    author: 'user',
    title: '用 LoRA 微调 7B 大模型：单张 24G 显卡就够',
    labels: ['大模型', 'PyTorch'],
    hoursAgo: 5,
    views: 150,
    likedBy: [],
    content:
      '## 环境\n\n选择预装 PyTorch 2.1 的镜像，安装 `peft` 和 `transformers`。\n\n## 关键配置\n\n```python\nfrom peft import LoraConfig\nconfig = LoraConfig(r=8, lora_alpha=16, target_modules=["q_proj", "v_proj"], lora_dropout=0.05)\n```\n\n开启 `gradient_checkpointing` 并使用 bf16，7B 模型在 24G 显存上可以跑 batch size 4。',
    comments: [],
  },
];

/** News pages and demo blog posts with labels, comments and likes, indexed for search; once. */
export async function seedDemoBlogs(db: Database): Promise<boolean> {
  const [existing] = await db.select({ id: posts.id }).from(posts).where(eq(posts.slug, 'about'));
  if (existing) return false;
  const people = await db
    .select({ id: users.id, mobile: users.mobile, nickname: users.nickname })
    .from(users)
    .where(inArray(users.mobile, ['13800000001', '13800000002', '13800000004']));
  const byMobile = new Map(people.map((person) => [person.mobile, person]));
  const who = { user: byMobile.get('13800000001'), teacher: byMobile.get('13800000002'), operator: byMobile.get('13800000004') };
  if (!who.user || !who.teacher || !who.operator) return false;
  const labelRows = await db.select({ id: labels.id, name: labels.name }).from(labels);
  const labelId = new Map(labelRows.map((label) => [label.name, label.id]));
  const now = new Date();

  await db.transaction(async (tx) => {
    for (const news of demoNews) {
      const publishedAt = new Date(now.getTime() - 30 * 24 * hour);
      const [post] = await tx
        .insert(posts)
        .values({
          kind: 'news',
          slug: news.slug,
          authorId: who.operator!.id,
          title: news.title,
          summary: summaryOf(news.content, 120),
          contentMd: news.content,
          contentHtml: renderMarkdown(news.content),
          status: ContentStatus.published,
          publishedAt,
          createdAt: publishedAt,
          updatedAt: publishedAt,
        })
        .returning({ id: posts.id });
      await indexDocument(tx, { kind: 'news', refId: post!.id, title: news.title, body: plainTextOf(news.content), publishedAt });
    }

    for (const author of [who.user!, who.teacher!])
      await tx
        .insert(bloggers)
        .values({ userId: author.id, blogName: `${author.nickname}的博客` })
        .onConflictDoNothing();
    await tx.insert(bloggerFollows).values({ followerId: who.user!.id, bloggerId: who.teacher!.id }).onConflictDoNothing();

    for (const demo of demoPosts) {
      const publishedAt = new Date(now.getTime() - demo.hoursAgo * hour);
      const shownComments = demo.comments.reduce((sum, comment) => sum + 1 + (comment.replies?.length ?? 0), 0);
      const [post] = await tx
        .insert(posts)
        .values({
          kind: 'blog',
          authorId: who[demo.author]!.id,
          title: demo.title,
          summary: summaryOf(demo.content, 120),
          contentMd: demo.content,
          contentHtml: renderMarkdown(demo.content),
          status: ContentStatus.published,
          viewCount: demo.views,
          likeCount: demo.likedBy.length,
          likeWeight: demo.likedBy.length,
          commentCount: shownComments,
          publishedAt,
          createdAt: publishedAt,
          updatedAt: publishedAt,
        })
        .returning({ id: posts.id });
      const postId = post!.id;
      const ids = demo.labels.map((name) => labelId.get(name)).filter((id): id is number => id !== undefined);
      if (ids.length > 0) await tx.insert(postLabels).values(ids.map((id) => ({ postId, labelId: id })));
      if (demo.likedBy.length > 0)
        await tx.insert(postLikes).values(demo.likedBy.map((liker) => ({ postId, userId: who[liker]!.id, weight: 1 })));
      for (const [index, comment] of demo.comments.entries()) {
        const at = new Date(publishedAt.getTime() + (index + 1) * hour);
        const [top] = await tx
          .insert(postComments)
          .values({ postId, authorId: who[comment.by]!.id, content: comment.content, createdAt: at })
          .returning({ id: postComments.id });
        for (const reply of comment.replies ?? [])
          await tx.insert(postComments).values({
            postId,
            authorId: who[reply.by]!.id,
            parentId: top!.id,
            replyToUserId: who[comment.by]!.id,
            content: reply.content,
            createdAt: new Date(at.getTime() + hour / 2),
          });
      }
      await indexDocument(tx, { kind: 'blog', refId: postId, title: demo.title, body: plainTextOf(demo.content), publishedAt });
    }
    await recomputeHotScores(tx, now);
  });
  return true;
}
