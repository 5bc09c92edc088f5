import { Type, type Static } from 'typebox';
import { Id } from '../common.js';
import { DateTime } from '../values.js';

export const LecturerBody = Type.Object({ lecturerId: Id('讲师ID') });
export type LecturerBody = Static<typeof LecturerBody>;

export const FollowedLecturer = Type.Object({
  lecturerId: Type.Integer(),
  nickname: Type.String(),
  headImgUrl: Type.String(),
  gmtCreate: DateTime,
});
export type FollowedLecturer = Static<typeof FollowedLecturer>;
