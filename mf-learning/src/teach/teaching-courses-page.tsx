import { useCallback } from 'react';
import { Button, Label, Table } from 'semantic-ui-react';
import {
  dialogs,
  formatDateTime,
  formatYuan,
  PageHeader,
  PageSection,
  PagedTable,
  runAction,
  usePagedList,
  type ScreenProps,
} from '@rc/shared-utility';
import { deleteCourse, myCourses, standCourse, statusColors, statusNames, submitCourse, type TeachingCourseItem } from './teach-api';
import './teach.css';

function StatusCell({ course }: { course: TeachingCourseItem }) {
  return (
    <Table.Cell collapsing>
      <Label size="small" color={statusColors[course.status]} content={statusNames[course.status] ?? '未知'} />
      {course.status === 3 && course.reviewNote ? <div className="rc-teach-reject">原因：{course.reviewNote}</div> : null}
    </Table.Cell>
  );
}

/** `/account/resource` (课程管理): my courses as a teacher, with what each status allows. */
export function TeachingCoursesPage({ navigate }: ScreenProps) {
  const fetchPage = useCallback(myCourses, []);
  const list = usePagedList(fetchPage);
  const reload = () => list.reload();

  const remove = async (course: TeachingCourseItem) => {
    const confirmed = await dialogs.confirm({
      title: '删除课程',
      content: `确定删除课程「${course.courseName}」？章节、课时与附件将一并删除，且无法恢复。`,
      confirmText: '删除',
      danger: true,
    });
    if (confirmed) await runAction(() => deleteCourse(course.id), { then: reload });
  };
  const submit = (course: TeachingCourseItem) => runAction(() => submitCourse(course.id), { then: reload });
  const stand = (course: TeachingCourseItem, onShelf: boolean) => runAction(() => standCourse(course.id, onShelf), { then: reload });

  return (
    <PageSection className="rc-teach-courses">
      <PageHeader>
        <Button primary icon="plus" content="新建课程" onClick={() => navigate('/account/resource/add')} />
      </PageHeader>
      <PagedTable
        list={list}
        columns={['课程', '状态', '价格', '章节 / 课时', '学员', '更新时间', '操作']}
        empty="还没有课程，点击「新建课程」开始创建"
        row={(course) => {
          const editable = course.status !== 2;
          return (
            <Table.Row key={course.id} data-course={course.id}>
              <Table.Cell>
                <strong className="rc-teach-course-name">{course.courseName}</strong>
                <div className="rc-muted">{course.categoryName}</div>
              </Table.Cell>
              <StatusCell course={course} />
              <Table.Cell collapsing>{course.isFree ? '免费' : formatYuan(course.price)}</Table.Cell>
              <Table.Cell collapsing>
                {course.chapterCount} / {course.periodCount}
              </Table.Cell>
              <Table.Cell collapsing>{course.learnerCount}</Table.Cell>
              <Table.Cell collapsing>{formatDateTime(course.updatedAt)}</Table.Cell>
              <Table.Cell collapsing className="rc-teach-actions">
                {editable ? (
                  <>
                    <Button size="mini" basic content="编辑" onClick={() => navigate(`/account/resource/add?id=${course.id}`)} />
                    <Button size="mini" basic content="章节管理" onClick={() => navigate(`/account/resource/period?id=${course.id}`)} />
                  </>
                ) : null}
                {course.status === 0 || course.status === 3 ? (
                  <Button size="mini" primary content="提交审核" onClick={() => void submit(course)} />
                ) : null}
                {course.status === 1 ? (
                  <Button size="mini" basic color="orange" content="下架" onClick={() => void stand(course, false)} />
                ) : null}
                {course.status === 4 ? (
                  <Button size="mini" basic color="green" content="上架" onClick={() => void stand(course, true)} />
                ) : null}
                {editable ? <Button size="mini" basic negative content="删除" onClick={() => void remove(course)} /> : null}
              </Table.Cell>
            </Table.Row>
          );
        }}
      />
    </PageSection>
  );
}
