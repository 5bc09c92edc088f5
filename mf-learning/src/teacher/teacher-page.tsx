import { useState, type ReactNode } from 'react';
import { Button, Form, Label, Message, Table } from 'semantic-ui-react';
import {
  EmptyState,
  formatDateTime,
  formatYuan,
  ListState,
  PageHeader,
  PageSection,
  refreshUserInfo,
  useLoaded,
  useSubmit,
  type ScreenProps,
} from '@rc/shared-utility';
import { applyToTeach, teacherApplyState, teacherOverview, type TeacherApplyState, type TeacherOverview } from './teacher-api';
import './teacher.css';

type Field = 'realName' | 'fields' | 'intro';

function ApplicationForm({ state, done }: { state: TeacherApplyState; done: () => void }) {
  const [title, setTitle] = useState('');
  const [fields, setFields] = useState('');
  const [intro, setIntro] = useState('');
  const { busy, errors, submit } = useSubmit<Field>();
  const realName = state.verifiedRealName ?? '';
  return (
    <Form className="rc-teacher-apply-form">
      <Form.Input label="真实姓名" value={realName} readOnly error={errors.realName} />
      <Form.Input label="职称/头衔（选填）" name="title" value={title} maxLength={60} onChange={(_, data) => setTitle(data.value)} />
      <Form.Input
        label="擅长领域"
        name="fields"
        placeholder="如：深度学习、计算机视觉"
        value={fields}
        maxLength={120}
        error={errors.fields}
        onChange={(_, data) => setFields(data.value)}
      />
      <Form.TextArea
        label="个人简介"
        name="intro"
        placeholder="教学与从业经历，10-1000 字"
        value={intro}
        maxLength={1000}
        error={errors.intro}
        onChange={(_, data) => setIntro(String(data.value ?? ''))}
      />
      <Button
        primary
        loading={busy}
        disabled={busy}
        content="提交申请"
        onClick={() =>
          void submit({
            check: () => ({
              realName: realName ? undefined : '请先完成实名认证',
              fields: fields.trim() ? undefined : '请填写擅长领域',
              intro: intro.trim().length >= 10 ? undefined : '个人简介至少 10 个字',
            }),
            call: () => applyToTeach({ realName, title: title.trim(), fields: fields.trim(), intro: intro.trim() }),
            then: done,
          })
        }
      />
    </Form>
  );
}

const statusLabels = [
  <Label key={0} color="orange" content="审核中" />,
  <Label key={1} color="green" content="已通过" />,
  <Label key={2} color="red" content="已驳回" />,
];

/** A non-teacher's view: real-name verification first, then the form, or the state of the application. */
function BecomeTeacher({ state, reload, navigate }: { state: TeacherApplyState; reload: () => void; navigate: ScreenProps['navigate'] }) {
  const [again, setAgain] = useState(false);
  const application = state.application;
  if (!state.realNameVerified) {
    return (
      <Message warning className="rc-teacher-need-verification">
        <Message.Header>请先完成实名认证</Message.Header>
        <p>讲师以实名认证的姓名授课并获得课程收益，申请前请先完成实名认证。</p>
        <Button primary size="small" content="去实名认证" onClick={() => navigate('/account/realAuth')} />
      </Message>
    );
  }
  if (application && (application.status === 0 || (application.status === 2 && !again))) {
    return (
      <div className="rc-teacher-application">
        <p>
          我的讲师申请 {statusLabels[application.status]} <span className="rc-muted">提交于 {formatDateTime(application.createdAt)}</span>
        </p>
        {application.status === 0 ? <Message info content="申请正在审核中，审核结果会通过站内消息通知你。" /> : null}
        {application.status === 2 ? (
          <>
            <Message negative className="rc-teacher-reject-reason" header="申请未通过" content={`原因：${application.reviewNote}`} />
            <Button primary content="重新申请" onClick={() => setAgain(true)} />
          </>
        ) : null}
      </div>
    );
  }
  return (
    <div className="rc-teacher-application">
      <p>成为讲师后，可以发布课程、上传视频、安排直播，并获得课程销售收益。</p>
      <ApplicationForm
        state={state}
        done={() => {
          setAgain(false);
          reload();
        }}
      />
    </div>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: ReactNode }) {
  return (
    <div className="rc-teacher-figure">
      <div className="rc-teacher-figure-label">{label}</div>
      <div className="rc-teacher-figure-value">{value}</div>
      {note ? <small className="rc-muted">{note}</small> : null}
    </div>
  );
}

function Overview({ overview, navigate }: { overview: TeacherOverview; navigate: ScreenProps['navigate'] }) {
  const { courses, income } = overview;
  const link = (to: string, text: string) => <Button basic size="small" content={text} onClick={() => navigate(to)} />;
  return (
    <div className="rc-teacher-overview">
      <div className="rc-teacher-figures">
        <Figure
          label="我的课程"
          value={String(courses.total)}
          note={`已上架 ${courses.published} · 审核中 ${courses.reviewing} · 草稿 ${courses.draft} · 已驳回 ${courses.rejected} · 已下架 ${courses.offShelf}`}
        />
        <Figure label="学员" value={String(overview.learners)} note="所有课程的报名人数" />
        <Figure label="待结算课程收益" value={formatYuan(income.held)} note="售出后冻结一段时间再转为可提现" />
        <Figure
          label="已结算课程收益"
          value={formatYuan(income.released)}
          note={
            <a href="/account/earnings" onClick={(event) => (event.preventDefault(), navigate('/account/earnings'))}>
              查看收益与提现
            </a>
          }
        />
        <Figure label="本月课程收益" value={formatYuan(income.thisMonth)} />
      </div>
      <div className="rc-teacher-links">
        {link('/account/resource', '课程管理')}
        {link('/account/vod', '视频点播')}
        {link('/account/live', '直播')}
        {link('/account/channel', '直播频道')}
      </div>
      <h3>最近售出</h3>
      {overview.latestSales.length === 0 ? (
        <EmptyState>还没有售出课程</EmptyState>
      ) : (
        <Table compact className="rc-teacher-sales">
          <Table.Header>
            <Table.Row>
              {['课程', '购买人', '售价', '我的分成', '状态', '时间'].map((column) => (
                <Table.HeaderCell key={column}>{column}</Table.HeaderCell>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {overview.latestSales.map((sale, index) => (
              <Table.Row key={index}>
                <Table.Cell>{sale.courseName}</Table.Cell>
                <Table.Cell>{sale.buyerNickname}</Table.Cell>
                <Table.Cell>{formatYuan(sale.price)}</Table.Cell>
                <Table.Cell>{formatYuan(sale.income)}</Table.Cell>
                <Table.Cell>{sale.released ? '可提现' : '待结算'}</Table.Cell>
                <Table.Cell>{formatDateTime(sale.soldAt)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </div>
  );
}

function TeacherDesk({ navigate }: ScreenProps) {
  const overview = useLoaded(teacherOverview);
  return (
    <ListState source={overview} isEmpty={() => false} empty={null}>
      {(data) => <Overview overview={data} navigate={navigate} />}
    </ListState>
  );
}

/** `/account/teacher` (讲师中心): a teacher's overview, or for anyone else the application to become one. */
export function TeacherPage({ navigate }: ScreenProps) {
  const state = useLoaded(teacherApplyState);
  const reload = () => {
    void state.reload();
    void refreshUserInfo();
  };
  return (
    <PageSection className="rc-teacher-center">
      <PageHeader />
      <ListState source={state} isEmpty={() => false} empty={null}>
        {(data) =>
          data.isTeacher ? <TeacherDesk navigate={navigate} /> : <BecomeTeacher state={data} reload={reload} navigate={navigate} />
        }
      </ListState>
    </PageSection>
  );
}
