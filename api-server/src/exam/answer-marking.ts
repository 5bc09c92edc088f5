import { MultipleChoiceRule, QuestionKind, type AnswerKey, type QuestionKindValue, type StudentAnswer } from '../db/index.js';
import { invalid } from '../errors.js';

export interface MarkableItem {
  kind: QuestionKindValue;
  options: string[];
  answerKey: AnswerKey;
  points: number;
}

const choiceKinds: readonly number[] = [QuestionKind.single, QuestionKind.multiple];

/** Scores carry one decimal: partial credit of 5 points for 2 of 3 right choices is 3.3. */
export const roundScore = (score: number) => Math.round(score * 10) / 10;

/**
 * How blank answers are compared: Unicode NFKC folds full-width letters, digits and punctuation
 * to their ASCII forms (ＧＰＵ → GPU, １２ → 12), whitespace of any kind is dropped, case is ignored.
 */
export const normaliseBlank = (text: string) => text.normalize('NFKC').replace(/\s+/gu, '').toLowerCase();

const distinctSorted = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);

/** Refuses a key that does not fit its question; returns the key with only the fields its kind uses. */
export function checkedAnswerKey(kind: QuestionKindValue, options: string[], key: AnswerKey): AnswerKey {
  if (choiceKinds.includes(kind)) {
    if (options.length < 2) throw invalid('选择题至少需要 2 个选项');
    const choices = distinctSorted(key.choices ?? []);
    if (choices.length === 0) throw invalid('请选择正确答案');
    if (choices.some((choice) => choice >= options.length)) throw invalid('正确答案必须是题目中的选项');
    if (kind === QuestionKind.single && choices.length !== 1) throw invalid('单选题只能有一个正确答案');
    return { choices };
  }
  if (options.length > 0) throw invalid('只有选择题可以设置选项');
  if (kind === QuestionKind.trueFalse) {
    if (key.truth === undefined) throw invalid('请设置判断题的答案');
    return { truth: key.truth };
  }
  if (kind === QuestionKind.fillBlank) {
    const blanks = (key.blanks ?? []).map((accepted) => accepted.map((answer) => answer.trim()).filter((answer) => answer !== ''));
    if (blanks.length === 0 || blanks.some((accepted) => accepted.length === 0)) throw invalid('每个空至少需要一个答案');
    return { blanks };
  }
  return { reference: key.reference?.trim() ?? '' };
}

/** Refuses an answer that does not fit the item (a choice that is not an option, too many blanks); returns it trimmed to its kind. */
export function checkedStudentAnswer(item: Pick<MarkableItem, 'kind' | 'options' | 'answerKey'>, answer: StudentAnswer): StudentAnswer {
  if (choiceKinds.includes(item.kind)) {
    const choices = distinctSorted(answer.choices ?? []);
    if (choices.some((choice) => choice >= item.options.length)) throw invalid('所选答案不是题目中的选项');
    if (item.kind === QuestionKind.single && choices.length > 1) throw invalid('单选题只能选择一个答案');
    return { choices };
  }
  if (item.kind === QuestionKind.trueFalse) return answer.truth === undefined ? {} : { truth: answer.truth };
  if (item.kind === QuestionKind.fillBlank) {
    const blanks = answer.blanks ?? [];
    if (blanks.length > (item.answerKey.blanks?.length ?? 0)) throw invalid('填空的数量与题目不符');
    return { blanks };
  }
  return { text: answer.text ?? '' };
}

function markChoices(item: MarkableItem, chosen: number[], rule: number): number {
  const right = item.answerKey.choices ?? [];
  const picked = distinctSorted(chosen);
  const allRight = picked.length === right.length && picked.every((choice, index) => choice === right[index]);
  if (allRight) return item.points;
  if (item.kind === QuestionKind.single || rule !== MultipleChoiceRule.partialCredit) return 0;
  const anyWrong = picked.some((choice) => !right.includes(choice));
  if (anyWrong || picked.length === 0) return 0;
  return roundScore((item.points * picked.length) / right.length);
}

function markBlanks(item: MarkableItem, given: string[]): number {
  const blanks = item.answerKey.blanks ?? [];
  if (blanks.length === 0) return 0;
  const rightCount = blanks.filter((accepted, index) => {
    const answer = normaliseBlank(given[index] ?? '');
    return answer !== '' && accepted.some((candidate) => normaliseBlank(candidate) === answer);
  }).length;
  return roundScore((item.points * rightCount) / blanks.length);
}

/**
 * The system's mark for an objective item, or null for a short answer (a grader marks those).
 * Multiple choice follows the exam's rule: all or nothing, or partial credit for a correct subset
 * (any wrong choice scores 0). Each blank earns its share of the points.
 */
export function markAnswer(item: MarkableItem, answer: StudentAnswer | undefined, multipleChoiceRule: number): number | null {
  switch (item.kind) {
    case QuestionKind.single:
    case QuestionKind.multiple:
      return markChoices(item, answer?.choices ?? [], multipleChoiceRule);
    case QuestionKind.trueFalse:
      return answer?.truth !== undefined && answer.truth === item.answerKey.truth ? item.points : 0;
    case QuestionKind.fillBlank:
      return markBlanks(item, answer?.blanks ?? []);
    default:
      return null;
  }
}
