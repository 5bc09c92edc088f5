import { useCallback, useEffect, useState } from 'react';
import { Button, Checkbox, Input, List, Message } from 'semantic-ui-react';
import { ListState, useLoaded, useSubmit } from '@rc/shared-utility';
import { gradeCourses, pickableCourses, saveGradeCourses, type CourseCard, type GradeView } from './grade-api';

const MAX_COURSES = 20;

/** The class's courses; the teacher picks published courses of the catalogue (up to 20). */
export function GradeCoursesTab({ grade }: { grade: GradeView }) {
  const fetchCurrent = useCallback(() => gradeCourses(grade.gradeId, true), [grade.gradeId]);
  const current = useLoaded(fetchCurrent);
  const [chosen, setChosen] = useState<CourseCard[]>([]);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const fetchPickable = useCallback(() => pickableCourses(keyword), [keyword]);
  const pickable = useLoaded(fetchPickable);
  const { busy, submit } = useSubmit();
  useEffect(() => setChosen(current.data?.list ?? []), [current.data]);
  const isTeacher = grade.myRole === 'teacher';
  const chosenIds = chosen.map((course) => course.id);
  const toggle = (course: CourseCard) =>
    setChosen((list) => (chosenIds.includes(course.id) ? list.filter((c) => c.id !== course.id) : [...list, course]));
  return (
    <ListState source={current} isEmpty={() => false} empty={null}>
      {() => (
        <>
          <h4>
            已选课程（{chosen.length}/{MAX_COURSES}）
          </h4>
          {chosen.length === 0 ? <p className="rc-muted">班级还没有课程</p> : null}
          <List divided className="rc-grade-chosen-courses">
            {chosen.map((course) => (
              <List.Item key={course.id} data-course-id={course.id}>
                {isTeacher ? (
                  <List.Content floated="right">
                    <Button size="mini" basic content="移除" onClick={() => toggle(course)} />
                  </List.Content>
                ) : null}
                <List.Content>
                  {course.courseName} <span className="rc-muted">· {course.lecturer.nickname}</span>
                </List.Content>
              </List.Item>
            ))}
          </List>
          {isTeacher ? (
            <>
              <h4>从已上架课程中选择</h4>
              <form
                className="rc-grade-toolbar"
                onSubmit={(event) => {
                  event.preventDefault();
                  setKeyword(typed.trim());
                }}
              >
                <Input placeholder="搜索课程" value={typed} onChange={(_, d) => setTyped(d.value)} aria-label="搜索课程" />
                <Button type="submit" content="搜索" />
              </form>
              <ListState source={pickable} isEmpty={(page) => page.list.length === 0} empty="没有找到已上架的课程">
                {(page) => (
                  <List className="rc-grade-pickable-courses">
                    {page.list.map((course) => (
                      <List.Item key={course.id}>
                        <Checkbox
                          label={`${course.courseName}（${course.lecturer.nickname}）`}
                          checked={chosenIds.includes(course.id)}
                          disabled={!chosenIds.includes(course.id) && chosen.length >= MAX_COURSES}
                          onChange={() => toggle(course)}
                        />
                      </List.Item>
                    ))}
                  </List>
                )}
              </ListState>
              <Button
                primary
                loading={busy}
                disabled={busy}
                className="rc-grade-courses-save"
                content="保存班级课程"
                onClick={() => void submit({ call: () => saveGradeCourses(grade.gradeId, chosenIds), then: () => current.reload() })}
              />
            </>
          ) : (
            <Message info size="small" content="班级课程由老师设置" />
          )}
        </>
      )}
    </ListState>
  );
}
