/** The exams of a class for one of its students, on the class page (/grade/view/:id): to take, to continue, or to see the score. */
export function GradeExams(_props: { gradeId: number }) {
  return null;
}
