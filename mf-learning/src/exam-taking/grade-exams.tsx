import { useCallback } from 'react';
import { usePagedList, type Paging } from '@rc/shared-utility';
import { ExamList, type Navigate } from './exam-list';
import { myExamsOfGrade } from './exam-taking-api';
import './exam-taking.css';

/** The exams of a class for one of its students, on the class page (/grade/view/:id): to take, to continue, or to see the score. */
export function GradeExams({ gradeId, navigate }: { gradeId: number; navigate: Navigate }) {
  const fetchPage = useCallback((paging: Paging) => myExamsOfGrade(gradeId, paging), [gradeId]);
  const list = usePagedList(fetchPage);
  return <ExamList list={list} navigate={navigate} showGrade={false} empty="本班还没有你的考试" />;
}
