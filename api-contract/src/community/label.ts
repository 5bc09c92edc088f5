import { Type, type Static } from 'typebox';

/** A label posts and questions are tagged with (spec §3: labelNo, labelName). */
export const LabelView = Type.Object({ labelNo: Type.Integer(), labelName: Type.String() });
export type LabelView = Static<typeof LabelView>;

/** An article category, under one of the site's zones. */
export const ArticleCategoryView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  zoneId: Type.Union([Type.Integer(), Type.Null()]),
  zoneName: Type.String(),
});
export type ArticleCategoryView = Static<typeof ArticleCategoryView>;

export const LabelIds = Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), {
  title: '标签',
  maxItems: 5,
  uniqueItems: true,
  description: '最多5个标签',
});
