import { useState } from 'react';
import { Button, Menu, Progress, Table } from 'semantic-ui-react';
import {
  formatDateTime,
  formatYuan,
  ListState,
  PageHeader,
  PageSection,
  PageSwitcher,
  PagedTable,
  usePagedList,
  type ScreenProps,
  RouteLink,
} from '@rc/shared-utility';
import { learnUrl, myCourseOrders, myCourses } from './course-api';
import { CourseCover } from './course-card';
import './course.css';

function MyCourses({ navigate }: { navigate: (url: string) => void }) {
  const paged = usePagedList(myCourses);
  return (
    <>
      <ListState
        source={paged}
        isEmpty={(page) => page.list.length === 0}
        empty={
          <>
            <p>还没有报名或购买课程</p>
            <Button primary onClick={() => navigate('/resource')}>
              去选课
            </Button>
          </>
        }
      >
        {(page) => (
          <div className="rc-my-courses">
            {page.list.map((course) => (
              <article key={course.id} className="rc-my-course" data-course-id={course.id}>
                <RouteLink to={`/resource/detail/${course.id}`} navigate={navigate} label={course.courseName}>
                  <CourseCover course={course} />
                </RouteLink>
                <div className="rc-my-course-body">
                  <RouteLink to={`/resource/detail/${course.id}`} navigate={navigate} className="rc-course-name">
                    {course.courseName}
                  </RouteLink>
                  <p className="rc-muted">
                    讲师 {course.lecturer.nickname} · {course.paidAmount > 0 ? `已购买 ${formatYuan(course.paidAmount)}` : '免费报名'} ·{' '}
                    {course.lastStudiedAt
                      ? `上次学习 ${formatDateTime(course.lastStudiedAt)}`
                      : `报名于 ${formatDateTime(course.enrolledAt)}`}
                  </p>
                  <Progress percent={course.progress.percent} size="small" color="green">
                    已学 {course.progress.completedPeriods}/{course.progress.totalPeriods} 课时（{course.progress.percent}%）
                  </Progress>
                </div>
                <Button
                  primary
                  className="rc-course-continue"
                  onClick={() => navigate(learnUrl(course.id, course.progress.continuePeriodId))}
                >
                  继续学习
                </Button>
              </article>
            ))}
          </div>
        )}
      </ListState>
      <PageSwitcher {...paged} />
    </>
  );
}

function CourseOrders({ navigate }: { navigate: (url: string) => void }) {
  const paged = usePagedList(myCourseOrders);
  return (
    <PagedTable
      list={paged}
      columns={['订单号', '课程', '金额', '购买时间']}
      empty="还没有课程订单"
      row={(order) => (
        <Table.Row key={order.orderNo}>
          <Table.Cell>{order.orderNo}</Table.Cell>
          <Table.Cell>
            <RouteLink to={`/resource/detail/${order.courseId}`} navigate={navigate}>
              {order.courseName}
            </RouteLink>
          </Table.Cell>
          <Table.Cell>{formatYuan(order.amount)}</Table.Cell>
          <Table.Cell>{formatDateTime(order.gmtCreate)}</Table.Cell>
        </Table.Row>
      )}
    />
  );
}

/** `/account/course`: the courses I signed up to, with progress and 继续学习, and my course orders. */
export function MyCoursesPage({ navigate }: ScreenProps) {
  const [tab, setTab] = useState<'courses' | 'orders'>('courses');
  return (
    <PageSection className="rc-my-courses-page">
      <PageHeader />
      <Menu secondary pointing>
        <Menu.Item name="我的课程" active={tab === 'courses'} onClick={() => setTab('courses')} />
        <Menu.Item name="课程订单" active={tab === 'orders'} onClick={() => setTab('orders')} />
      </Menu>
      {tab === 'courses' ? <MyCourses navigate={navigate} /> : <CourseOrders navigate={navigate} />}
    </PageSection>
  );
}
