import type { ReactNode } from 'react';
import { Icon } from 'semantic-ui-react';
import { formatYuan, RouteLink } from '@rc/shared-utility';
import type { CourseCard as Course } from './course-api';

export const priceText = (course: Pick<Course, 'isFree' | 'price'>) => (course.isFree ? '免费' : formatYuan(course.price));

/** The cover, or a placeholder with the course's first character when it has none. */
export function CourseCover({ course }: { course: Pick<Course, 'coverUrl' | 'courseName'> }) {
  return course.coverUrl ? (
    <img className="rc-course-cover" src={course.coverUrl} alt="" />
  ) : (
    <div className="rc-course-cover rc-course-cover-placeholder" aria-hidden="true">
      <Icon name="graduation cap" size="big" />
      <span>{Array.from(course.courseName)[0]}</span>
    </div>
  );
}

/** One course of the catalogue: cover, name, lecturer, learners and price. */
export function CourseCard({ course, navigate, footer }: { course: Course; navigate: (url: string) => void; footer?: ReactNode }) {
  return (
    <article className="rc-course-card" data-course-id={course.id}>
      <RouteLink to={`/resource/detail/${course.id}`} navigate={navigate} className="rc-course-card-link">
        <CourseCover course={course} />
        <h3 className="rc-course-name">{course.courseName}</h3>
      </RouteLink>
      <div className="rc-course-meta">
        <span className="rc-course-lecturer">
          <Icon name="user" />
          {course.lecturer.nickname}
        </span>
        <span className="rc-course-learners">{course.learnerCount} 人学习</span>
      </div>
      <div className={course.isFree ? 'rc-course-price rc-course-free' : 'rc-course-price'}>{priceText(course)}</div>
      {footer}
    </article>
  );
}

export function CourseGrid({ courses, navigate }: { courses: Course[]; navigate: (url: string) => void }) {
  return (
    <div className="rc-course-grid">
      {courses.map((course) => (
        <CourseCard key={course.id} course={course} navigate={navigate} />
      ))}
    </div>
  );
}
