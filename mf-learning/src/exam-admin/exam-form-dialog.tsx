import { useCallback, useState } from 'react';
import { Button, Dropdown, Form, Label, Message, Modal, Table } from 'semantic-ui-react';
import {
  FieldError,
  IntegerInput,
  ListState,
  PagedTable,
  useLoaded,
  usePagedList,
  useSubmit,
  type Paging,
  DialogFormActions,
} from '@rc/shared-utility';
import { fromLocalInput, toLocalInput } from '../live/live-times';
import { ExamPoolsEditor } from './exam-pools';
import { kindNames, questionKinds } from '../question-bank/question-bank-api';
import {
  classExaminees,
  editExam,
  examPaper,
  gradeQuestions,
  memberName,
  saveExam,
  type ExamAdminItem,
  type ExamPaper,
  type ExamPoolInput,
  type QuestionKind,
} from './exam-admin-api';

type Field = 'title' | 'opensAt' | 'closesAt' | 'studentIds' | 'items';

interface PickedItem {
  questionId: number;
  points: number;
  kind: QuestionKind;
  stem: string;
}

const HOUR = 3_600_000;

/** The time to send: the stored one while the minute-precision field still shows it (seconds would otherwise be lost). */
const keptTime = (stored: string | undefined, typed: string) =>
  stored && toLocalInput(stored) === typed ? stored : fromLocalInput(typed)!;
const clip = (text: string, length = 60) => (text.length > length ? `${text.slice(0, length)}…` : text);

/** The class teacher's bank, to add questions to the paper from. */
function BankPicker({ gradeId, picked, add }: { gradeId: number; picked: PickedItem[]; add: (item: PickedItem) => void }) {
  const [kind, setKind] = useState<QuestionKind | undefined>(undefined);
  const fetchPage = useCallback((paging: Paging) => gradeQuestions(gradeId, { kind }, paging), [gradeId, kind]);
  const list = usePagedList(fetchPage);
  return (
    <div className="rc-exam-bank">
      <div className="rc-exam-bank-bar">
        <strong>从题库选题</strong>
        <Dropdown
          selection
          compact
          aria-label="题库题型"
          value={kind ?? 0}
          options={[
            { key: 0, value: 0, text: '全部题型' },
            ...questionKinds.map((value) => ({ key: value, value, text: kindNames[value] })),
          ]}
          onChange={(_, data) => setKind((Number(data.value) || undefined) as QuestionKind | undefined)}
        />
      </div>
      <PagedTable
        list={list}
        columns={['题型', '题干', '分值', '']}
        empty="班级老师的题库里还没有题目，请先在「题库」中添加"
        row={(question) => {
          const chosen = picked.some((item) => item.questionId === question.questionId);
          return (
            <Table.Row key={question.questionId} data-bank-question={question.questionId}>
              <Table.Cell collapsing>{kindNames[question.kind]}</Table.Cell>
              <Table.Cell>{clip(question.stem)}</Table.Cell>
              <Table.Cell collapsing>{question.points}</Table.Cell>
              <Table.Cell collapsing>
                <Button
                  type="button"
                  size="mini"
                  basic={!chosen}
                  disabled={chosen}
                  content={chosen ? '已加入' : '加入'}
                  onClick={() =>
                    add({ questionId: question.questionId, points: question.points, kind: question.kind, stem: question.stem })
                  }
                />
              </Table.Cell>
            </Table.Row>
          );
        }}
      />
    </div>
  );
}

function ExamForm({ gradeId, paper, close }: { gradeId: number; paper: ExamPaper | null; close: (changed: boolean) => void }) {
  const now = Date.now();
  const [title, setTitle] = useState(paper?.title ?? '');
  const [instructions, setInstructions] = useState(paper?.instructions ?? '');
  const [opensAt, setOpensAt] = useState(toLocalInput(paper?.opensAt ?? new Date(Math.ceil(now / HOUR) * HOUR).toISOString()));
  const [closesAt, setClosesAt] = useState(
    toLocalInput(paper?.closesAt ?? new Date(Math.ceil(now / HOUR) * HOUR + 7 * 24 * HOUR).toISOString()),
  );
  const [durationMinutes, setDurationMinutes] = useState(paper?.durationMinutes ?? 60);
  const [attemptsAllowed, setAttemptsAllowed] = useState(paper?.attemptsAllowed ?? 1);
  const [audience, setAudience] = useState<1 | 2>(paper?.audience ?? 1);
  const [studentIds, setStudentIds] = useState<number[]>(paper?.studentIds ?? []);
  const [multipleChoiceRule, setMultipleChoiceRule] = useState<1 | 2>(paper?.multipleChoiceRule ?? 1);
  const [showAnswers, setShowAnswers] = useState(paper?.showAnswers ?? false);
  const [items, setItems] = useState<PickedItem[]>(
    // Pool candidates are not picked questions: the pools below stand for them.
    (paper?.items ?? []).flatMap((item) =>
      item.questionId === null || item.poolNo !== null
        ? []
        : [{ questionId: item.questionId, points: item.points, kind: item.kind, stem: item.stem }],
    ),
  );
  const [pools, setPools] = useState<ExamPoolInput[]>(paper?.pools ?? []);
  const [shuffleQuestions, setShuffleQuestions] = useState(paper?.shuffleQuestions ?? false);
  const [shuffleOptions, setShuffleOptions] = useState(paper?.shuffleOptions ?? false);
  const members = useLoaded(useCallback(() => classExaminees(gradeId), [gradeId]));
  const { busy, errors, submit } = useSubmit<Field>();
  const fixed = paper?.begun ?? false;
  const questionCount = items.length + pools.reduce((sum, pool) => sum + pool.draw, 0);
  const totalPoints = items.reduce((sum, item) => sum + item.points, 0) + pools.reduce((sum, pool) => sum + pool.draw * pool.points, 0);

  const move = (index: number, by: number) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    setItems(next);
  };
  const save = () =>
    submit({
      check: () => {
        const opens = fromLocalInput(opensAt);
        const closes = fromLocalInput(closesAt);
        return {
          title: title.trim() ? undefined : '请填写考试名称',
          opensAt: opens ? undefined : '请选择开始时间',
          closesAt: !closes ? '请选择结束时间' : opens && closes <= opens ? '结束时间须晚于开始时间' : undefined,
          studentIds: audience === 2 && studentIds.length === 0 ? '请选择参加考试的学生' : undefined,
          items: questionCount === 0 ? '请从题库中至少选择一道题，或添加题池' : undefined,
        };
      },
      call: () => {
        const body = {
          title: title.trim(),
          instructions: instructions.trim(),
          opensAt: keptTime(paper?.opensAt, opensAt),
          closesAt: keptTime(paper?.closesAt, closesAt),
          durationMinutes,
          attemptsAllowed,
          audience,
          ...(audience === 2 ? { studentIds } : {}),
          multipleChoiceRule,
          showAnswers,
          items: items.map(({ questionId, points }) => ({ questionId, points })),
          pools,
          shuffleQuestions,
          shuffleOptions,
        };
        return paper ? editExam({ examId: paper.examId, ...body }) : saveExam({ gradeId, ...body });
      },
      then: () => close(true),
    });

  return (
    <>
      <Modal.Content scrolling>
        {fixed ? (
          <Message warning content="已有学生开始作答，试卷不能再修改，只能调整「发布成绩后向学生展示答案」；如需另开时间请使用补考。" />
        ) : null}
        <Form onSubmit={(event) => event.preventDefault()}>
          <Form.Input
            label="考试名称"
            name="title"
            required
            maxLength={80}
            value={title}
            disabled={fixed}
            error={errors.title}
            onChange={(_, data) => setTitle(data.value)}
          />
          <Form.TextArea
            label="考试说明"
            name="instructions"
            rows={2}
            maxLength={1000}
            value={instructions}
            disabled={fixed}
            onChange={(_, data) => setInstructions(String(data.value ?? ''))}
          />
          <Form.Group widths="equal">
            <Form.Input
              label="开始时间"
              name="opensAt"
              type="datetime-local"
              value={opensAt}
              disabled={fixed}
              error={errors.opensAt}
              onChange={(_, data) => setOpensAt(data.value)}
            />
            <Form.Input
              label="结束时间"
              name="closesAt"
              type="datetime-local"
              value={closesAt}
              disabled={fixed}
              error={errors.closesAt}
              onChange={(_, data) => setClosesAt(data.value)}
            />
          </Form.Group>
          <Form.Group widths="equal">
            <Form.Field disabled={fixed}>
              <label htmlFor="exam-duration">考试时长（分钟，1–600）</label>
              <IntegerInput id="exam-duration" value={durationMinutes} min={1} max={600} onChange={setDurationMinutes} />
            </Form.Field>
            <Form.Field disabled={fixed}>
              <label htmlFor="exam-attempts">可作答次数（1–10）</label>
              <IntegerInput id="exam-attempts" value={attemptsAllowed} min={1} max={10} onChange={setAttemptsAllowed} />
            </Form.Field>
          </Form.Group>
          <Form.Group inline>
            <label>多选题计分</label>
            <Form.Radio label="全对才得分" checked={multipleChoiceRule === 1} disabled={fixed} onChange={() => setMultipleChoiceRule(1)} />
            <Form.Radio
              label="少选按比例得分（错选不得分）"
              checked={multipleChoiceRule === 2}
              disabled={fixed}
              onChange={() => setMultipleChoiceRule(2)}
            />
          </Form.Group>
          <Form.Checkbox
            label="发布成绩后向学生展示答案与解析"
            checked={showAnswers}
            onChange={(_, data) => setShowAnswers(Boolean(data.checked))}
          />
          <Form.Group inline>
            <label>乱序</label>
            <Form.Checkbox
              label="题目乱序"
              className="rc-shuffle-questions"
              checked={shuffleQuestions}
              disabled={fixed}
              onChange={(_, data) => setShuffleQuestions(Boolean(data.checked))}
            />
            <Form.Checkbox
              label="选项乱序"
              className="rc-shuffle-options"
              checked={shuffleOptions}
              disabled={fixed}
              onChange={(_, data) => setShuffleOptions(Boolean(data.checked))}
            />
            <span className="rc-muted">每名学生的顺序各不相同，刷新或换设备作答不变；阅卷按试卷原顺序显示</span>
          </Form.Group>
          <Form.Group inline>
            <label>考生</label>
            <Form.Radio label="全班" checked={audience === 1} disabled={fixed} onChange={() => setAudience(1)} />
            <Form.Radio label="指定学生" checked={audience === 2} disabled={fixed} onChange={() => setAudience(2)} />
          </Form.Group>
          {audience === 2 ? (
            <Form.Field disabled={fixed}>
              <Dropdown
                multiple
                search
                selection
                aria-label="考生"
                placeholder={members.error ? '成员加载失败' : members.data?.list.length === 0 ? '班级还没有成员' : '选择参加考试的学生'}
                loading={members.data === undefined && !members.error}
                options={(members.data?.list ?? []).map((member) => ({
                  key: member.userId,
                  value: member.userId,
                  text: memberName(member),
                }))}
                value={studentIds}
                onChange={(_, data) => setStudentIds((data.value as number[]) ?? [])}
              />
              <FieldError message={errors.studentIds} />
            </Form.Field>
          ) : null}

          <div className="rc-exam-paper-bar">
            <strong>
              试题（{questionCount} 题，总分 {totalPoints}）{pools.length > 0 ? ` · 固定 ${items.length} 题，其余每人随机抽取` : ''}
            </strong>
          </div>
          {items.length === 0 ? (
            <p className="rc-muted">还没有选题：从下面的题库中点击「加入」。</p>
          ) : (
            <Table compact className="rc-exam-picked">
              <Table.Body>
                {items.map((item, index) => (
                  <Table.Row key={item.questionId} data-picked={item.questionId}>
                    <Table.Cell collapsing>{index + 1}.</Table.Cell>
                    <Table.Cell collapsing>
                      <Label size="mini" content={kindNames[item.kind]} />
                    </Table.Cell>
                    <Table.Cell>{clip(item.stem)}</Table.Cell>
                    <Table.Cell collapsing>
                      <IntegerInput
                        size="mini"
                        aria-label={`第 ${index + 1} 题分值`}
                        className="rc-exam-points-input"
                        value={item.points}
                        min={1}
                        max={100}
                        disabled={fixed}
                        onChange={(points) => setItems(items.map((old, at) => (at === index ? { ...old, points } : old)))}
                      />{' '}
                      分
                    </Table.Cell>
                    <Table.Cell collapsing>
                      <Button.Group size="mini" basic>
                        <Button
                          type="button"
                          icon="arrow up"
                          aria-label="上移"
                          disabled={fixed || index === 0}
                          onClick={() => move(index, -1)}
                        />
                        <Button
                          type="button"
                          icon="arrow down"
                          aria-label="下移"
                          disabled={fixed || index === items.length - 1}
                          onClick={() => move(index, 1)}
                        />
                        <Button
                          type="button"
                          icon="close"
                          aria-label="移除"
                          disabled={fixed}
                          onClick={() => setItems(items.filter((_, at) => at !== index))}
                        />
                      </Button.Group>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table>
          )}
          <ExamPoolsEditor pools={pools} disabled={fixed} onChange={setPools} />
          <FieldError message={errors.items} />
        </Form>
        {fixed ? null : (
          <BankPicker
            gradeId={gradeId}
            picked={items}
            add={(item) =>
              setItems((current) =>
                current.length >= 100 || current.some((picked) => picked.questionId === item.questionId) ? current : [...current, item],
              )
            }
          />
        )}
      </Modal.Content>
      <Modal.Actions>
        <DialogFormActions
          close={() => close(false)}
          submitText={paper ? '保存修改' : '发布考试'}
          busy={busy}
          onSubmit={() => void save()}
        />
      </Modal.Actions>
    </>
  );
}

function EditExamForm({ gradeId, examId, close }: { gradeId: number; examId: number; close: (changed: boolean) => void }) {
  const paper = useLoaded(useCallback(() => examPaper(examId), [examId]));
  return (
    <ListState source={paper} isEmpty={() => false} empty={null}>
      {(loaded) => <ExamForm gradeId={gradeId} paper={loaded} close={close} />}
    </ListState>
  );
}

/** 新建考试 / 编辑: the exam's settings, its students, and its questions picked from the class teacher's bank. */
export function ExamFormDialog({
  gradeId,
  exam,
  close,
}: {
  gradeId: number;
  exam: ExamAdminItem | null;
  close: (changed: boolean) => void;
}) {
  return (
    <Modal open size="large" onClose={() => close(false)} className="rc-exam-form-dialog">
      <Modal.Header>{exam ? `编辑考试「${exam.title}」` : '新建考试'}</Modal.Header>
      {exam ? (
        <EditExamForm gradeId={gradeId} examId={exam.examId} close={close} />
      ) : (
        <ExamForm gradeId={gradeId} paper={null} close={close} />
      )}
    </Modal>
  );
}
