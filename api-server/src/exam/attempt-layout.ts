import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  type AttemptLayout,
  type Executor,
  QuestionKind,
  type StudentAnswer,
  examAttempts,
  type examItems,
  type exams,
} from '../db/index.js';

type Exam = Pick<typeof exams.$inferSelect, 'id' | 'pools' | 'shuffleQuestions' | 'shuffleOptions'>;
type Item = typeof examItems.$inferSelect;

/** A Fisher–Yates shuffle with the system's secure random numbers; the list given is left as it was. */
function shuffled<T>(list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const bySort = (a: Item, b: Item) => a.sort - b.sort || a.id - b.id;
const hasOptions = (item: Item) => item.kind === QuestionKind.single || item.kind === QuestionKind.multiple;

/** How often each candidate was drawn by the exam's attempts so far. */
async function drawCounts(db: Executor, examId: number): Promise<Map<number, number>> {
  const layouts = await db.select({ layout: examAttempts.layout }).from(examAttempts).where(eq(examAttempts.examId, examId));
  const counts = new Map<number, number>();
  for (const { layout } of layouts) for (const id of layout?.itemIds ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

/**
 * A fair draw of `count` distinct candidates: those drawn least often by the exam's attempts so far, ties broken at
 * random. Over a class every candidate is drawn as often as any other, give or take one, and no attempt draws one twice.
 */
function fairDraw(candidates: readonly Item[], count: number, drawn: ReadonlyMap<number, number>): Item[] {
  const order = shuffled(candidates).sort((a, b) => (drawn.get(a.id) ?? 0) - (drawn.get(b.id) ?? 0));
  return order.slice(0, count).sort(bySort);
}

/**
 * What a new attempt is made of: the fixed items and a fair draw from each pool, in the exam's order or shuffled,
 * with the options of choice items shuffled when the exam says so. Null when the attempt is simply the whole exam.
 */
export async function newLayout(db: Executor, exam: Exam, items: readonly Item[]): Promise<AttemptLayout | null> {
  if (exam.pools.length === 0 && !exam.shuffleQuestions && !exam.shuffleOptions) return null;
  const fixed = items.filter((item) => item.poolNo === null).sort(bySort);
  const drawn = exam.pools.length > 0 ? await drawCounts(db, exam.id) : new Map<number, number>();
  const pooled = exam.pools.flatMap((pool, poolNo) =>
    fairDraw(
      items.filter((item) => item.poolNo === poolNo),
      pool.draw,
      drawn,
    ),
  );
  const chosen = [...fixed, ...pooled];
  const shown = exam.shuffleQuestions ? shuffled(chosen) : chosen;
  const optionOrders: AttemptLayout['optionOrders'] = {};
  if (exam.shuffleOptions) {
    for (const item of shown.filter(hasOptions)) optionOrders[item.id] = shuffled(item.options.map((_, index) => index));
  }
  return { itemIds: shown.map((item) => item.id), optionOrders };
}

/** The items of an attempt in the order the student sees them. */
export function shownItems<T extends Pick<Item, 'id' | 'sort'>>(items: readonly T[], layout: AttemptLayout | null): T[] {
  if (!layout) return [...items].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const byId = new Map(items.map((item) => [item.id, item]));
  return layout.itemIds.map((id) => byId.get(id)!);
}

/** The items of an attempt in the exam's own order, as graders see them. */
export function attemptItems<T extends Pick<Item, 'id' | 'sort'>>(items: readonly T[], layout: AttemptLayout | null): T[] {
  if (!layout) return [...items].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const chosen = new Set(layout.itemIds);
  return items.filter((item) => chosen.has(item.id)).sort((a, b) => a.sort - b.sort || a.id - b.id);
}

/** An item's options in the order the student sees them. */
export function shownOptions<T>(options: readonly T[], order: readonly number[] | undefined): T[] {
  return order ? order.map((index) => options[index]!) : [...options];
}

/** The student's choices (as shown) in the exam's own option indexes, which is how answers are stored and marked. */
export function toExamChoices(answer: StudentAnswer, order: readonly number[] | undefined): StudentAnswer {
  if (!order || !answer.choices) return answer;
  return { ...answer, choices: answer.choices.map((shown) => order[shown] ?? order.length) };
}

/** A stored answer's (or the key's) choices as the student sees them. */
export function toShownChoices<T extends Pick<StudentAnswer, 'choices'>>(answer: T, order: readonly number[] | undefined): T {
  if (!order || !answer.choices) return answer;
  return { ...answer, choices: answer.choices.map((index) => order.indexOf(index)) };
}
