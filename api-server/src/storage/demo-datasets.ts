import fs from 'node:fs';
import path from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { datasets } from '../db/index.js';
import { isIndexed } from '../content/index.js';
import { datasetFolder, indexPublicDataset, sealDataset } from './datasets.js';
import { seededRandom } from '../lib/index.js';

function sensorReadings(): Map<string, Buffer> {
  const random = seededRandom(2026);
  const rows = ['timestamp,station,temperature_c,humidity_pct,pressure_hpa'];
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < 2000; i++) {
    const station = `S${String((i % 8) + 1).padStart(2, '0')}`;
    const hour = (i / 8) % 24;
    const temperature = 12 + 8 * Math.sin((hour / 24) * 2 * Math.PI) + random() * 2;
    const humidity = 40 + random() * 50;
    const pressure = 1000 + random() * 30;
    rows.push(
      `${new Date(start + Math.floor(i / 8) * 3_600_000).toISOString()},${station},${temperature.toFixed(2)},${humidity.toFixed(1)},${pressure.toFixed(1)}`,
    );
  }
  const readme = '# 传感器读数（示例）\n\n8 个站点每小时一次的温度、湿度、气压读数，共 2000 行，由固定种子生成，仅供演示。\n';
  return new Map([
    ['README.md', Buffer.from(readme)],
    ['sensor-readings.csv', Buffer.from(rows.join('\n') + '\n')],
  ]);
}

function chineseCorpus(): Map<string, Buffer> {
  const random = seededRandom(10);
  const subjects = ['模型', '数据集', '显卡', '实例', '网盘', '训练任务', '推理服务', '镜像'];
  const verbs = ['加载了', '保存了', '读取了', '压缩了', '校验了', '复制了', '清理了', '评估了'];
  const objects = ['一批样本', '检查点文件', '日志', '配置', '权重', '图像', '语料', '指标'];
  const labels = ['正常', '警告', '错误'];
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const lines = (count: number, offset: number) =>
    Array.from({ length: count }, (_, i) =>
      JSON.stringify({ id: offset + i + 1, text: `${pick(subjects)}${pick(verbs)}${pick(objects)}。`, label: pick(labels) }),
    ).join('\n') + '\n';
  return new Map([
    ['train.jsonl', Buffer.from(lines(1200, 0))],
    ['valid.jsonl', Buffer.from(lines(300, 1200))],
    ['README.md', Buffer.from('# 中文短句语料（示例）\n\n每行一个 JSON：id、text、label；由固定种子的模板生成，仅供演示。\n')],
  ]);
}

function png(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function shapeImages(): Map<string, Buffer> {
  const random = seededRandom(7);
  const files = new Map<string, Buffer>();
  const labels = ['file,label'];
  for (const shape of ['circle', 'square'] as const) {
    for (let n = 1; n <= 20; n++) {
      const cx = 10 + random() * 12;
      const cy = 10 + random() * 12;
      const r = 5 + random() * 5;
      const color: [number, number, number] = [Math.floor(random() * 200), Math.floor(random() * 200), Math.floor(random() * 200)];
      const inside = (x: number, y: number) =>
        shape === 'circle' ? (x - cx) ** 2 + (y - cy) ** 2 <= r * r : Math.abs(x - cx) <= r && Math.abs(y - cy) <= r;
      const name = `images/${shape}/${String(n).padStart(3, '0')}.png`;
      files.set(
        name,
        png(32, 32, (x, y) => (inside(x, y) ? color : [255, 255, 255])),
      );
      labels.push(`${name},${shape}`);
    }
  }
  files.set('labels.csv', Buffer.from(labels.join('\n') + '\n'));
  return files;
}

interface DemoDataset {
  name: string;
  title: string;
  description: string;
  licence: string;
  version: string;
  files: () => Map<string, Buffer>;
}

export const demoDatasets: DemoDataset[] = [
  {
    name: 'sensor-readings',
    title: '传感器读数（示例）',
    description: '8 个站点每小时的温度、湿度、气压读数，CSV 格式，适合练习表格数据处理与时间序列预测。',
    licence: 'CC0-1.0',
    version: '1.0.0',
    files: sensorReadings,
  },
  {
    name: 'zh-short-corpus',
    title: '中文短句语料（示例）',
    description: '1500 条带标签的中文短句，JSON Lines 格式，分为训练集与验证集，适合练习文本分类。',
    licence: 'CC-BY-4.0',
    version: '1.0.0',
    files: chineseCorpus,
  },
  {
    name: 'shapes-32px',
    title: '形状图片（示例）',
    description: '40 张 32×32 的 PNG 图片（圆形与方形各 20 张）及标签文件，适合练习图像分类的数据加载。',
    licence: 'MIT',
    version: '1.0.0',
    files: shapeImages,
  },
];

/** Writes the demo datasets of the public catalogue when missing (their rows, then their files and checksums). */
export async function ensureDemoDatasets(app: FastifyInstance): Promise<void> {
  for (const demo of demoDatasets) {
    let [row] = await app.db
      .select()
      .from(datasets)
      .where(and(eq(datasets.name, demo.name), isNull(datasets.ownerId)));
    if (!row) {
      const { name, title, description, licence, version } = demo;
      [row] = await app.db
        .insert(datasets)
        .values({ name, title, description, licence, version, status: 'building', createdAt: app.clock.now() })
        .returning();
    }
    const folder = datasetFolder(app, row!.id);
    if (row!.status === 'ready' && fs.existsSync(folder)) {
      // Indexed again only when missing (a site older than the search index): segmenting loads jieba's dictionary,
      // about half a second of every restart (issue 31).
      if (!(await isIndexed(app.db, 'dataset', row!.id))) await indexPublicDataset(app.db, row!.id);
      continue;
    }
    for (const [relative, content] of demo.files()) {
      await fs.promises.mkdir(path.dirname(path.join(folder, relative)), { recursive: true });
      await fs.promises.writeFile(path.join(folder, relative), content);
    }
    await sealDataset(app, row!.id);
  }
}
