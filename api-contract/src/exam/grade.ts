import { Type, type Static } from 'typebox';
import { Id } from '../common.js';

export const GradeIdBody = Type.Object({ gradeId: Id('班级ID') });
export type GradeIdBody = Static<typeof GradeIdBody>;

/** teacher 老师 · admin 班级管理员 · student 学生 */
export const GradeRole = Type.Union([Type.Literal('teacher'), Type.Literal('admin'), Type.Literal('student')]);
export type GradeRole = Static<typeof GradeRole>;

/** An open class I am in, in any role: for pickers and menus. */
export const GradeRef = Type.Object({
  gradeId: Type.Integer(),
  gradeName: Type.String(),
  role: GradeRole,
  teacherName: Type.String(),
  studentCount: Type.Integer(),
});
export type GradeRef = Static<typeof GradeRef>;
