import { Type, type Static } from 'typebox';
import { Id } from '../common.js';
import { DateTime } from '../values.js';
import { AnswerKey, Difficulty, QuestionKind, QuestionOptions } from './answers.js';

export const MAX_QUESTIONS_PER_TEACHER = 5000;

export const QuestionPageBody = Type.Object({
  kind: Type.Optional(QuestionKind),
  keyword: Type.Optional(Type.String({ title: '关键词', maxLength: 50 })),
  pageNum: Type.Optional(Type.Integer({ title: '页码', minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: 100, default: 10 })),
});
export type QuestionPageBody = Static<typeof QuestionPageBody>;

export const GradeQuestionPageBody = Type.Object({ gradeId: Id('班级ID'), ...QuestionPageBody.properties });
export type GradeQuestionPageBody = Static<typeof GradeQuestionPageBody>;

const questionFields = {
  kind: QuestionKind,
  stem: Type.String({ title: '题干', minLength: 1, maxLength: 5000, description: 'Markdown；填空题用 ___ 标出每个空' }),
  options: Type.Optional(QuestionOptions),
  answerKey: AnswerKey,
  analysis: Type.Optional(Type.String({ title: '解析', maxLength: 2000 })),
  points: Type.Integer({ title: '建议分值', minimum: 1, maximum: 100 }),
  difficulty: Type.Optional(Difficulty),
};

/** A question of the teacher's bank: single or multiple choice (2–8 options), true/false, fill in the blank or short answer. */
export const QuestionSaveBody = Type.Object(questionFields);
export type QuestionSaveBody = Static<typeof QuestionSaveBody>;

export const QuestionUpdateBody = Type.Object({ questionId: Id('题目ID'), ...questionFields });
export type QuestionUpdateBody = Static<typeof QuestionUpdateBody>;

export const QuestionIdBody = Type.Object({ questionId: Id('题目ID') });
export type QuestionIdBody = Static<typeof QuestionIdBody>;

export const QuestionItem = Type.Object({
  questionId: Type.Integer(),
  kind: QuestionKind,
  stem: Type.String(),
  stemHtml: Type.String({ description: '题干渲染后的 HTML' }),
  options: Type.Array(Type.String()),
  optionsHtml: Type.Array(Type.String(), { description: '选项（服务端按行内 Markdown 渲染的 HTML，插入前再经 DOMPurify）' }),
  answerKey: AnswerKey,
  analysis: Type.String(),
  points: Type.Integer(),
  difficulty: Difficulty,
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type QuestionItem = Static<typeof QuestionItem>;
