import type { GradeRef } from '@rc/api-contract/exam/grade';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows, GradeStatus, gradeStudents, grades, users } from '../db/index.js';

/** Every open class the user teaches, administers or studies in (grade/list/all), newest first. */
export async function gradesOf(db: Executor, userId: number): Promise<GradeRef[]> {
  return queryRows<GradeRef>(
    db,
    sql`select ${grades.id} as "gradeId", ${grades.gradeName} as "gradeName",
          case when ${grades.teacherId} = ${userId} then 'teacher' when ${gradeStudents.isAdmin} then 'admin' else 'student' end as "role",
          ${users.nickname} as "teacherName", ${grades.studentCount} as "studentCount"
        from ${grades}
        join ${users} on ${users.id} = ${grades.teacherId}
        left join ${gradeStudents} on ${gradeStudents.gradeId} = ${grades.id} and ${gradeStudents.userId} = ${userId}
        where ${grades.status} = ${GradeStatus.open} and (${grades.teacherId} = ${userId} or ${gradeStudents.userId} is not null)
        order by ${grades.id} desc
        limit 500`,
  );
}
