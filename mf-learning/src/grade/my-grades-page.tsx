import { useState } from 'react';
import { Label, Menu, Table } from 'semantic-ui-react';
import { formatDateTime, PageHeader, PageSection, PagedTable, RouteLink, usePagedList, type ScreenProps } from '@rc/shared-utility';
import { MyExams } from '../exam-taking/my-exams';
import { applyStatusColors, applyStatusNames, myApplications } from './grade-api';
import { GradesByRole } from './grades-by-role';
import './grade.css';

type Tab = 'grades' | 'applications' | 'exams';

function MyApplications({ navigate }: { navigate: (url: string) => void }) {
  const list = usePagedList(myApplications);
  return (
    <PagedTable
      list={list}
      columns={['班级', '申请理由', '申请时间', '状态', '审核意见']}
      empty="你还没有申请过班级"
      className="rc-my-applications"
      row={(record) => (
        <Table.Row key={record.recordId} data-record={record.recordId}>
          <Table.Cell>
            <RouteLink to={`/grade/view/${record.gradeId}`} navigate={navigate}>
              {record.gradeName}
            </RouteLink>
          </Table.Cell>
          <Table.Cell>{record.reason}</Table.Cell>
          <Table.Cell collapsing>{formatDateTime(record.createdAt)}</Table.Cell>
          <Table.Cell collapsing>
            <Label size="mini" color={applyStatusColors[record.status]} content={applyStatusNames[record.status]} />
          </Table.Cell>
          <Table.Cell>{record.auditNote}</Table.Cell>
        </Table.Row>
      )}
    />
  );
}

/** `/account/grades/my`: the classes I study in, my applications and my exams. */
export function MyGradesPage({ navigate }: ScreenProps) {
  const [tab, setTab] = useState<Tab>('grades');
  return (
    <PageSection className="rc-my-grades">
      <PageHeader />
      <Menu secondary pointing>
        <Menu.Item name="我的班级" active={tab === 'grades'} onClick={() => setTab('grades')} />
        <Menu.Item name="我的申请" active={tab === 'applications'} onClick={() => setTab('applications')} />
        <Menu.Item name="我的考试" active={tab === 'exams'} onClick={() => setTab('exams')} />
      </Menu>
      {tab === 'grades' ? <GradesByRole role="student" navigate={navigate} /> : null}
      {tab === 'applications' ? <MyApplications navigate={navigate} /> : null}
      {tab === 'exams' ? <MyExams navigate={navigate} /> : null}
    </PageSection>
  );
}
