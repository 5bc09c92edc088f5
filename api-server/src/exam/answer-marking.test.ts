import { describe, expect, it } from 'vitest';
import { MultipleChoiceRule, QuestionKind } from '../db/schema.js';
import { checkedAnswerKey, checkedStudentAnswer, markAnswer, normaliseBlank, type MarkableItem } from './answer-marking.js';

const { allOrNothing, partialCredit } = MultipleChoiceRule;
const options = ['A', 'B', 'C', 'D'];
const single: MarkableItem = { kind: QuestionKind.single, options, answerKey: { choices: [2] }, points: 4 };
const multiple: MarkableItem = { kind: QuestionKind.multiple, options, answerKey: { choices: [0, 1, 3] }, points: 6 };
const trueFalse: MarkableItem = { kind: QuestionKind.trueFalse, options: [], answerKey: { truth: false }, points: 2 };
const fillBlank: MarkableItem = {
  kind: QuestionKind.fillBlank,
  options: [],
  answerKey: { blanks: [['CUDA', '统一计算设备架构'], ['12.4']] },
  points: 5,
};
const shortAnswer: MarkableItem = { kind: QuestionKind.shortAnswer, options: [], answerKey: { reference: '显存' }, points: 10 };

describe('marking objective answers', () => {
  it('gives a single choice its points only for the right option', () => {
    expect(markAnswer(single, { choices: [2] }, allOrNothing)).toBe(4);
    expect(markAnswer(single, { choices: [1] }, allOrNothing)).toBe(0);
    expect(markAnswer(single, undefined, allOrNothing)).toBe(0);
  });

  it('marks multiple choice all or nothing, or with partial credit for a correct subset', () => {
    expect(markAnswer(multiple, { choices: [3, 1, 0] }, allOrNothing)).toBe(6);
    expect(markAnswer(multiple, { choices: [0, 1] }, allOrNothing)).toBe(0);
    expect(markAnswer(multiple, { choices: [0, 1] }, partialCredit)).toBe(4);
    expect(markAnswer(multiple, { choices: [0] }, partialCredit)).toBe(2);
    expect(markAnswer(multiple, { choices: [0, 2] }, partialCredit)).toBe(0);
    expect(markAnswer(multiple, { choices: [] }, partialCredit)).toBe(0);
    expect(markAnswer({ ...multiple, points: 5 }, { choices: [0, 1] }, partialCredit)).toBe(3.3);
  });

  it('marks true/false, an unanswered one as wrong', () => {
    expect(markAnswer(trueFalse, { truth: false }, allOrNothing)).toBe(2);
    expect(markAnswer(trueFalse, { truth: true }, allOrNothing)).toBe(0);
    expect(markAnswer(trueFalse, {}, allOrNothing)).toBe(0);
  });

  it('accepts any listed answer per blank, tolerant of spaces, case and full-width characters', () => {
    expect(markAnswer(fillBlank, { blanks: [' ｃｕｄａ ', '１２．４'] }, allOrNothing)).toBe(5);
    expect(markAnswer(fillBlank, { blanks: ['统一 计算设备架构', '12.4'] }, allOrNothing)).toBe(5);
    expect(markAnswer(fillBlank, { blanks: ['OpenCL', '12.4'] }, allOrNothing)).toBe(2.5);
    expect(markAnswer(fillBlank, { blanks: ['', ''] }, allOrNothing)).toBe(0);
    expect(normaliseBlank('Ｐｙ Ｔｏｒｃｈ\u3000２')).toBe('pytorch2');
  });

  it('leaves short answers to a grader', () => {
    expect(markAnswer(shortAnswer, { text: '显存' }, allOrNothing)).toBeNull();
  });
});

describe('checking keys and answers', () => {
  it('refuses keys that do not fit the question', () => {
    expect(() => checkedAnswerKey(QuestionKind.single, options, { choices: [0, 1] })).toThrow('单选题只能有一个正确答案');
    expect(() => checkedAnswerKey(QuestionKind.multiple, options, { choices: [4] })).toThrow('正确答案必须是题目中的选项');
    expect(() => checkedAnswerKey(QuestionKind.multiple, ['A'], { choices: [0] })).toThrow('选择题至少需要 2 个选项');
    expect(() => checkedAnswerKey(QuestionKind.trueFalse, [], {})).toThrow('请设置判断题的答案');
    expect(() => checkedAnswerKey(QuestionKind.fillBlank, [], { blanks: [['  ']] })).toThrow('每个空至少需要一个答案');
    expect(() => checkedAnswerKey(QuestionKind.shortAnswer, ['A', 'B'], {})).toThrow('只有选择题可以设置选项');
  });

  it('keeps only the fields a kind uses', () => {
    expect(checkedAnswerKey(QuestionKind.multiple, options, { choices: [3, 0, 3], truth: true })).toEqual({ choices: [0, 3] });
    expect(checkedAnswerKey(QuestionKind.fillBlank, [], { blanks: [[' CUDA ', '']] })).toEqual({ blanks: [['CUDA']] });
    expect(checkedStudentAnswer(trueFalse, { truth: true, text: 'x' })).toEqual({ truth: true });
  });

  it('refuses answers that are not options or have too many blanks', () => {
    expect(() => checkedStudentAnswer(single, { choices: [0, 1] })).toThrow('单选题只能选择一个答案');
    expect(() => checkedStudentAnswer(multiple, { choices: [7] })).toThrow('所选答案不是题目中的选项');
    expect(() => checkedStudentAnswer(fillBlank, { blanks: ['a', 'b', 'c'] })).toThrow('填空的数量与题目不符');
  });
});
