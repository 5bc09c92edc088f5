/** My exams across my classes, with what to do next (/account/grades/my). */
export function MyExams() {
  return null;
}
