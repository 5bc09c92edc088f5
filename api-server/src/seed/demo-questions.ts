import { eq, inArray } from 'drizzle-orm';
import { type Database, type Executor, ContentStatus, labels, questionAnswers, questionLabels, questions, users } from '../db/index.js';
import { createAccount } from '../accounts/index.js';
import { applyLedgerEntry } from '../billing/index.js';
import { renderMarkdown } from '../content/index.js';
import { holdBounty, refreshQuestionHotScore, syncQuestionIndex } from '../community/index.js';

/** Two community members who ask and answer in the demo; they cannot sign in, and their money is their own. */
const members = [
  { mobile: '13800000011', nickname: '炼丹新手小周' },
  { mobile: '13800000012', nickname: '调参老李' },
] as const;

interface DemoQuestion {
  asker: number;
  title: string;
  body: string;
  labels: string[];
  hoursAgo: number;
  bounty?: number;
  answers: Array<{ author: number; body: string; comments?: Array<{ author: number; text: string }> }>;
  /** Index of the accepted answer. */
  accepted?: number;
}

const demoQuestions: DemoQuestion[] = [
  {
    asker: 0,
    title: 'PyTorch 训练时显存不足（CUDA out of memory）怎么办？',
    body: '在 RTX 4090 实例上微调 7B 模型，batch size 设为 8 时报 `CUDA out of memory`。\n\n除了减小 batch size，还有哪些办法？',
    labels: ['PyTorch', 'CUDA', '性能优化'],
    hoursAgo: 30,
    answers: [
      {
        author: 1,
        body: '可以依次尝试：\n\n1. 开启混合精度训练（`torch.autocast`）；\n2. 梯度累积代替大 batch；\n3. 开启 gradient checkpointing；\n4. 用 LoRA 只训练少量参数。',
        comments: [{ author: 0, text: '开了梯度累积和 LoRA 之后跑起来了，谢谢！' }],
      },
      { author: 2, body: '也可以换成显存更大的 A100 80G 实例，按量计费先试一小时。' },
    ],
    accepted: 0,
  },
  {
    asker: 0,
    title: '怎样把网盘里的数据集挂载到实例？',
    body: '我把数据集上传到了网盘，创建实例时在哪里选择挂载？挂载后在实例里的路径是什么？',
    labels: ['网盘', '入门教程'],
    hoursAgo: 20,
    bounty: 20,
    answers: [{ author: 1, body: '创建实例时在「存储」一栏勾选网盘，挂载后位于 `/root/netdisk`。' }],
  },
  {
    asker: 1,
    title: 'Stable Diffusion WebUI 启动后端口怎么访问？',
    body: '用社区镜像启动了 Stable Diffusion WebUI，服务监听 7860 端口，浏览器里应该访问哪个地址？',
    labels: ['Stable Diffusion', '镜像'],
    hoursAgo: 12,
    answers: [{ author: 0, body: '在实例列表点「自定义服务」，平台会给出 7860 端口的访问地址。' }],
  },
  {
    asker: 1,
    title: '按量计费的实例关机后还收费吗？',
    body: '按量计费的实例关机以后，GPU 费用还会继续扣吗？数据盘呢？',
    labels: ['计费'],
    hoursAgo: 6,
    answers: [{ author: 2, body: '关机后不再收取 GPU 费用；数据盘按容量继续计费，释放实例后停止。' }],
  },
  {
    asker: 1,
    title: '大模型推理部署用 vLLM 还是 TGI 更合适？',
    body: '准备在平台上部署一个 13B 的对话模型，想比较 vLLM 和 TGI 的吞吐和易用性，有实测经验吗？',
    labels: ['大模型', '性能优化'],
    hoursAgo: 2,
    answers: [],
  },
];

async function demoMember(db: Executor, member: (typeof members)[number]) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, member.mobile));
  return existing?.id ?? (await createAccount(db, { mobile: member.mobile, passwordHash: '!', nickname: member.nickname })).id;
}

/** A handful of questions with answers, one accepted and one with a held bounty; once. */
export async function seedDemoQuestions(db: Database): Promise<boolean> {
  const [existing] = await db.select({ id: questions.id }).from(questions).limit(1);
  if (existing) return false;
  const [teacher] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, '13800000002'));
  if (!teacher) return false;
  const now = Date.now();
  await db.transaction(async (tx) => {
    const people = [await demoMember(tx, members[0]), await demoMember(tx, members[1]), teacher.id];
    const labelRows = await tx
      .select({ id: labels.id, name: labels.name })
      .from(labels)
      .where(inArray(labels.name, [...new Set(demoQuestions.flatMap((q) => q.labels))]));
    const labelId = new Map(labelRows.map((label) => [label.name, label.id]));
    for (const q of demoQuestions) {
      const at = new Date(now - q.hoursAgo * 3_600_000);
      const askerId = people[q.asker]!;
      const [row] = await tx
        .insert(questions)
        .values({ askerId, title: q.title, contentMd: q.body, contentHtml: renderMarkdown(q.body), createdAt: at, updatedAt: at })
        .returning({ id: questions.id });
      const id = row!.id;
      const ids = q.labels.map((name) => labelId.get(name)).filter((label): label is number => label !== undefined);
      if (ids.length) await tx.insert(questionLabels).values(ids.map((label) => ({ questionId: id, labelId: label })));
      if (q.bounty) {
        await applyLedgerEntry(tx, { userId: askerId, amount: q.bounty * 1000, kind: 'grant', note: '社区演示赠送', at });
        await holdBounty(tx, { id, askerId, title: q.title }, q.bounty, at);
      }
      const answerIds: number[] = [];
      for (const [index, answer] of q.answers.entries()) {
        const answeredAt = new Date(at.getTime() + (index + 1) * 3_600_000);
        const [saved] = await tx
          .insert(questionAnswers)
          .values({
            questionId: id,
            authorId: people[answer.author]!,
            contentMd: answer.body,
            contentHtml: renderMarkdown(answer.body),
            createdAt: answeredAt,
            updatedAt: answeredAt,
          })
          .returning({ id: questionAnswers.id });
        answerIds.push(saved!.id);
        for (const comment of answer.comments ?? [])
          await tx.insert(questionAnswers).values({
            questionId: id,
            authorId: people[comment.author]!,
            parentId: saved!.id,
            contentMd: comment.text,
            contentHtml: renderMarkdown(comment.text),
            createdAt: answeredAt,
            updatedAt: answeredAt,
          });
      }
      await tx
        .update(questions)
        .set({
          answerCount: q.answers.length,
          viewCount: 10 + q.answers.length * 17,
          acceptedAnswerId: q.accepted === undefined ? null : answerIds[q.accepted]!,
        })
        .where(eq(questions.id, id));
      await refreshQuestionHotScore(tx, id, new Date(now));
      await syncQuestionIndex(tx, { id, title: q.title, contentMd: q.body, status: ContentStatus.published, createdAt: at });
    }
  });
  return true;
}
