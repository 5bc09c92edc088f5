import { Icon } from 'semantic-ui-react';
import { formatDateTime, formatYuan, ListState, PageSwitcher, runAction, usePagedList, RouteLink } from '@rc/shared-utility';
import { collectedCourses, uncollectCourse } from './account-api';

/** The 课程 tab of `/account/collection`: courses I collected, each linking to its detail page. */
export function CollectedCourses({ navigate }: { navigate: (url: string) => void }) {
  const paged = usePagedList(collectedCourses);
  return (
    <>
      <ListState source={paged} isEmpty={(page) => page.list.length === 0} empty="还没有收藏课程">
        {(page) => (
          <div className="rc-post-list">
            {page.list.map((course) => (
              <article key={course.id} className="rc-post-card rc-collected-course" data-course-id={course.id}>
                <div className="rc-post-card-body">
                  <RouteLink to={`/resource/detail/${course.id}`} navigate={navigate} className="rc-post-title">
                    <Icon name="graduation cap" />
                    {course.courseName}
                  </RouteLink>
                  <p className="rc-post-summary">{course.summary}</p>
                  <div className="rc-muted">
                    讲师 {course.lecturer.nickname} · {course.learnerCount} 人学习 · {course.isFree ? '免费' : formatYuan(course.price)} ·
                    收藏于 {formatDateTime(course.collectedAt)}
                  </div>
                </div>
                <button
                  type="button"
                  className="rc-link-button rc-uncollect"
                  onClick={() => void runAction(() => uncollectCourse(course.id), { success: '已取消收藏', then: paged.reload })}
                >
                  取消收藏
                </button>
              </article>
            ))}
          </div>
        )}
      </ListState>
      <PageSwitcher {...paged} />
    </>
  );
}
