import { Type, type Static } from 'typebox';
import { Id } from '../common.js';
import { DateTime, NullableDateTime } from '../values.js';

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

const GradeName = Type.String({ title: '班级名称', minLength: 1, maxLength: 40 });
const GradeIntro = Type.String({ title: '班级简介', maxLength: 1000 });
const MaxStudents = Type.Integer({ title: '人数上限', minimum: 1, maximum: 500 });
const Keyword = Type.String({ title: '搜索关键词', maxLength: 40 });
const PageFields = {
  pageNum: Type.Optional(Type.Integer({ title: '页码', minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: 100, default: 10 })),
};

export const GradeSaveBody = Type.Object({
  gradeName: GradeName,
  intro: Type.Optional(GradeIntro),
  isPublic: Type.Boolean({ title: '公开' }),
  maxStudents: MaxStudents,
});
export type GradeSaveBody = Static<typeof GradeSaveBody>;

export const GradeUpdateBody = Type.Intersect([GradeIdBody, GradeSaveBody]);
export type GradeUpdateBody = Static<typeof GradeUpdateBody>;

/** My classes in one role: teacher (I teach), admin (I administer), student (I am a member, admins included). */
export const GradePageBody = Type.Object({ role: GradeRole, keyword: Type.Optional(Keyword), ...PageFields });
export type GradePageBody = Static<typeof GradePageBody>;

/** Public open classes: newest (1) or most students (2) first. */
export const PublicGradePageBody = Type.Object({
  keyword: Type.Optional(Keyword),
  sort: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)], { title: '排序', description: '1 最新 / 2 人数最多' })),
  ...PageFields,
});
export type PublicGradePageBody = Static<typeof PublicGradePageBody>;

/** A class as a card. `pendingApplications` is counted for its teacher and admins only (0 otherwise). */
export const GradeCard = Type.Object({
  gradeId: Type.Integer(),
  gradeName: Type.String(),
  intro: Type.String(),
  isPublic: Type.Boolean(),
  maxStudents: Type.Integer(),
  studentCount: Type.Integer(),
  teacherId: Type.Integer(),
  teacherName: Type.String(),
  teacherAvatar: Type.String(),
  createdAt: DateTime,
  pendingApplications: Type.Integer(),
});
export type GradeCard = Static<typeof GradeCard>;

/** pending 0 审核中 · approved 1 已通过 · rejected 2 未通过 · ignored 3 已忽略 */
export const ApplyStatusValue = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Literal(3)], {
  title: '申请状态',
  description: '0 审核中 / 1 已通过 / 2 未通过 / 3 已忽略',
});
export type ApplyStatusValue = Static<typeof ApplyStatusValue>;

/** A class's page: `myRole` null for outsiders (and without sign-in), `myApplication` my latest application. */
export const GradeView = Type.Intersect([
  GradeCard,
  Type.Object({
    myRole: Type.Union([GradeRole, Type.Null()]),
    myApplication: Type.Union([Type.Object({ status: ApplyStatusValue, auditNote: Type.String(), createdAt: DateTime }), Type.Null()]),
    adminCount: Type.Integer(),
    courseCount: Type.Integer(),
  }),
]);
export type GradeView = Static<typeof GradeView>;

export const ApplyBody = Type.Object({ gradeId: Id('班级ID'), reason: Type.String({ title: '申请理由', maxLength: 200 }) });
export type ApplyBody = Static<typeof ApplyBody>;

export const MemberBody = Type.Object({ gradeId: Id('班级ID'), userId: Id('学生ID') });
export type MemberBody = Static<typeof MemberBody>;

export const SetAdminBody = Type.Object({ gradeId: Id('班级ID'), userId: Id('学生ID'), isAdmin: Type.Boolean({ title: '设为管理员' }) });
export type SetAdminBody = Static<typeof SetAdminBody>;

export const RemarkBody = Type.Object({
  gradeId: Id('班级ID'),
  userId: Id('学生ID'),
  remark: Type.String({ title: '备注', maxLength: 40 }),
});
export type RemarkBody = Static<typeof RemarkBody>;

export const MemberPageBody = Type.Object({ gradeId: Id('班级ID'), keyword: Type.Optional(Keyword), ...PageFields });
export type MemberPageBody = Static<typeof MemberPageBody>;

/** A class member; `remark` and `joinedAt` only for the teacher and admins (null for students). */
export const GradeMember = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  isAdmin: Type.Boolean(),
  remark: Type.Union([Type.String(), Type.Null()]),
  joinedAt: Type.Union([DateTime, Type.Null()]),
});
export type GradeMember = Static<typeof GradeMember>;

export const MyGradeRole = Type.Object({ role: GradeRole, isAdmin: Type.Boolean() });
export type MyGradeRole = Static<typeof MyGradeRole>;

export const ApplyRecordPageBody = Type.Object({
  gradeId: Type.Optional(Id('班级ID')),
  status: Type.Optional(ApplyStatusValue),
  ...PageFields,
});
export type ApplyRecordPageBody = Static<typeof ApplyRecordPageBody>;

export const ApplyRecord = Type.Object({
  recordId: Type.Integer(),
  gradeId: Type.Integer(),
  gradeName: Type.String(),
  userId: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  reason: Type.String(),
  status: ApplyStatusValue,
  auditNote: Type.String(),
  createdAt: DateTime,
  auditedAt: NullableDateTime,
});
export type ApplyRecord = Static<typeof ApplyRecord>;

const AuditNote = Type.String({ title: '审核意见', maxLength: 200 });

export const AuditBody = Type.Object({ recordId: Id('申请ID'), approve: Type.Boolean({ title: '通过' }), note: Type.Optional(AuditNote) });
export type AuditBody = Static<typeof AuditBody>;

const RecordIds = Type.Array(Id('申请ID'), { title: '申请', minItems: 1, maxItems: 100 });

export const BatchAuditBody = Type.Object({
  gradeId: Id('班级ID'),
  recordIds: RecordIds,
  approve: Type.Boolean({ title: '通过' }),
  note: Type.Optional(AuditNote),
});
export type BatchAuditBody = Static<typeof BatchAuditBody>;

export const BatchAuditResult = Type.Object({ approved: Type.Integer(), rejected: Type.Integer(), skipped: Type.Integer() });
export type BatchAuditResult = Static<typeof BatchAuditResult>;

export const IgnoreBody = Type.Object({ gradeId: Id('班级ID'), recordIds: RecordIds });
export type IgnoreBody = Static<typeof IgnoreBody>;

export const ApplySummary = Type.Object({
  pending: Type.Integer(),
  approved: Type.Integer(),
  rejected: Type.Integer(),
  ignored: Type.Integer(),
});
export type ApplySummary = Static<typeof ApplySummary>;

export const ApplyTips = Type.Object({
  total: Type.Integer(),
  grades: Type.Array(Type.Object({ gradeId: Type.Integer(), gradeName: Type.String(), count: Type.Integer() })),
});
export type ApplyTips = Static<typeof ApplyTips>;

export const GradeCourseSaveBody = Type.Object({
  gradeId: Id('班级ID'),
  courseIds: Type.Array(Id('课程ID'), { title: '课程', maxItems: 20 }),
});
export type GradeCourseSaveBody = Static<typeof GradeCourseSaveBody>;

export const GradeCoursePageBody = Type.Object({ gradeId: Id('班级ID'), ...PageFields });
export type GradeCoursePageBody = Static<typeof GradeCoursePageBody>;
