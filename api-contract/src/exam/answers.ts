import { Type, type Static } from 'typebox';

/** 1 单选 · 2 多选 · 3 判断 · 4 填空 · 5 简答 */
export const QuestionKind = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4), Type.Literal(5)], {
  title: '题型',
  description: '1 单选，2 多选，3 判断，4 填空，5 简答',
});
export type QuestionKind = Static<typeof QuestionKind>;

/** 1 易 · 2 中 · 3 难 */
export const Difficulty = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], {
  title: '难度',
  description: '1 易，2 中，3 难',
});
export type Difficulty = Static<typeof Difficulty>;

export const MAX_OPTIONS = 8;
export const MAX_BLANKS = 10;

const Choices = Type.Array(Type.Integer({ minimum: 0, maximum: MAX_OPTIONS - 1 }), { title: '选项序号', maxItems: MAX_OPTIONS });

export const QuestionOptions = Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { title: '选项', maxItems: MAX_OPTIONS });

/** The right answer, by kind: choices (single, multiple), truth (true/false), accepted answers per blank, or a reference answer. */
export const AnswerKey = Type.Object(
  {
    choices: Type.Optional(Choices),
    truth: Type.Optional(Type.Boolean({ title: '判断' })),
    blanks: Type.Optional(
      Type.Array(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 10, title: '可接受的答案' }), {
        title: '每个空的答案',
        maxItems: MAX_BLANKS,
      }),
    ),
    reference: Type.Optional(Type.String({ title: '参考答案', maxLength: 5000 })),
  },
  { title: '标准答案' },
);
export type AnswerKey = Static<typeof AnswerKey>;

/** A student's answer in the same shape: choices, truth, one text per blank, or the short answer's text. */
export const StudentAnswer = Type.Object(
  {
    choices: Type.Optional(Choices),
    truth: Type.Optional(Type.Boolean({ title: '判断' })),
    blanks: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { title: '填空', maxItems: MAX_BLANKS })),
    text: Type.Optional(Type.String({ title: '作答', maxLength: 5000 })),
  },
  { title: '作答' },
);
export type StudentAnswer = Static<typeof StudentAnswer>;
