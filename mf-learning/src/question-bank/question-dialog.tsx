import { useState } from 'react';
import { Button, Checkbox, Form, Radio } from 'semantic-ui-react';
import {
  EmptyState,
  FieldError,
  IntegerInput,
  LoadingState,
  MarkdownHtml,
  useSubmit,
  ModalDialog,
  DialogFormActions,
} from '@rc/shared-utility';
import {
  blanksInStem,
  kindNames,
  optionLetter,
  previewMarkdown,
  questionKinds,
  saveQuestion,
  updateQuestion,
  type QuestionItem,
  type QuestionKind,
  type QuestionSaveBody,
} from './question-bank-api';

type Field = 'stem' | 'options' | 'answer';

const isChoice = (kind: QuestionKind) => kind === 1 || kind === 2;
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The stem in Markdown, with 预览 showing the server's rendering. */
function StemField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [preview, setPreview] = useState<string | null | undefined>(undefined);
  const showPreview = async () => {
    setPreview(null);
    const result = await previewMarkdown(value);
    setPreview(result.code === 200 ? result.data.html : '');
  };
  return (
    <div className="rc-question-stem">
      <div className="rc-question-stem-bar">
        <label>题干（Markdown）</label>
        <Button.Group size="mini" basic>
          <Button type="button" active={preview === undefined} content="编辑" onClick={() => setPreview(undefined)} />
          <Button type="button" active={preview !== undefined} content="预览" onClick={() => void showPreview()} />
        </Button.Group>
      </div>
      {preview === undefined ? (
        <Form.TextArea
          name="stem"
          rows={5}
          value={value}
          maxLength={5000}
          placeholder="填空题用 ___（三个下划线）标出每个空"
          onChange={(_, data) => onChange(String(data.value ?? ''))}
        />
      ) : (
        <div className="rc-question-stem-preview">
          {preview === null ? <LoadingState /> : preview ? <MarkdownHtml html={preview} /> : <EmptyState>没有可预览的内容</EmptyState>}
        </div>
      )}
    </div>
  );
}

/** Adds a question to my bank or edits one, with an editor for the answer of each kind. */
export function QuestionDialog({ question, close }: { question: QuestionItem | null; close: (changed: boolean) => void }) {
  const [kind, setKind] = useState<QuestionKind>(question?.kind ?? 1);
  const [stem, setStem] = useState(question?.stem ?? '');
  const [options, setOptions] = useState<string[]>(question && isChoice(question.kind) ? question.options : ['', '', '', '']);
  const [choices, setChoices] = useState<number[]>(question?.answerKey.choices ?? []);
  const [truth, setTruth] = useState<boolean | undefined>(question?.answerKey.truth);
  const [blanks, setBlanks] = useState<string[]>((question?.answerKey.blanks ?? []).map((accepted) => accepted.join('\n')));
  const [reference, setReference] = useState(question?.answerKey.reference ?? '');
  const [analysis, setAnalysis] = useState(question?.analysis ?? '');
  const [points, setPoints] = useState(question?.points ?? 5);
  const [difficulty, setDifficulty] = useState<1 | 2 | 3>(question?.difficulty ?? 2);
  const { busy, errors, submit } = useSubmit<Field>();
  const blankCount = blanksInStem(stem);

  const toggleChoice = (index: number) =>
    setChoices(kind === 1 ? [index] : choices.includes(index) ? choices.filter((choice) => choice !== index) : [...choices, index]);
  const removeOption = (index: number) => {
    setOptions(options.filter((_, at) => at !== index));
    setChoices(choices.filter((choice) => choice !== index).map((choice) => (choice > index ? choice - 1 : choice)));
  };

  const body = (): QuestionSaveBody => {
    const common = { kind, stem: stem.trim(), analysis: analysis.trim(), points, difficulty };
    if (isChoice(kind)) return { ...common, options: options.map((option) => option.trim()), answerKey: { choices } };
    if (kind === 3) return { ...common, answerKey: { truth } };
    if (kind === 4)
      return { ...common, answerKey: { blanks: Array.from({ length: blankCount }, (_, index) => linesOf(blanks[index] ?? '')) } };
    return { ...common, answerKey: { reference: reference.trim() } };
  };
  const answerProblem = (): string | undefined => {
    if (isChoice(kind)) return choices.length === 0 ? '请勾选正确答案' : undefined;
    if (kind === 3) return truth === undefined ? '请选择对或错' : undefined;
    if (kind === 4) {
      if (blankCount === 0) return '请在题干中用 ___ 标出每个空';
      return Array.from({ length: blankCount }, (_, index) => linesOf(blanks[index] ?? '')).some((accepted) => accepted.length === 0)
        ? '每个空至少填写一个可接受的答案'
        : undefined;
    }
    return undefined;
  };
  const save = () =>
    submit({
      check: () => ({
        stem: stem.trim() ? undefined : '请填写题干',
        options: isChoice(kind) && options.some((option) => !option.trim()) ? '选项不能为空' : undefined,
        answer: answerProblem(),
      }),
      call: () => (question ? updateQuestion(question.questionId, body()) : saveQuestion(body())),
      then: () => close(true),
    });

  return (
    <ModalDialog
      title={question ? '编辑题目' : '新增题目'}
      size="small"
      close={() => close(false)}
      className="rc-question-dialog"
      scrolling
      actions={<DialogFormActions close={() => close(false)} submitText="保存" busy={busy} onSubmit={() => void save()} />}
    >
      <Form onSubmit={(event) => event.preventDefault()}>
        <Form.Group inline>
          <label>题型</label>
          {questionKinds.map((value) => (
            <Form.Radio key={value} label={kindNames[value]} checked={kind === value} onChange={() => setKind(value)} />
          ))}
        </Form.Group>
        <StemField value={stem} onChange={setStem} />
        <FieldError message={errors.stem} />

        {isChoice(kind) ? (
          <Form.Field className="rc-question-options">
            <label>选项（{kind === 1 ? '勾选唯一正确的选项' : '勾选所有正确的选项'}）</label>
            {options.map((option, index) => (
              <div key={index} className="rc-question-option" data-option={index}>
                {kind === 1 ? (
                  <Radio
                    aria-label={`选项 ${optionLetter(index)} 正确`}
                    checked={choices.includes(index)}
                    onChange={() => toggleChoice(index)}
                  />
                ) : (
                  <Checkbox
                    aria-label={`选项 ${optionLetter(index)} 正确`}
                    checked={choices.includes(index)}
                    onChange={() => toggleChoice(index)}
                  />
                )}
                <strong>{optionLetter(index)}</strong>
                <input
                  aria-label={`选项 ${optionLetter(index)}`}
                  value={option}
                  maxLength={200}
                  onChange={(event) => setOptions(options.map((old, at) => (at === index ? event.target.value : old)))}
                />
                <Button
                  type="button"
                  icon="trash alternate outline"
                  basic
                  size="mini"
                  aria-label="删除选项"
                  disabled={options.length <= 2}
                  onClick={() => removeOption(index)}
                />
              </div>
            ))}
            <Button
              type="button"
              size="mini"
              basic
              icon="plus"
              content="添加选项"
              disabled={options.length >= 8}
              onClick={() => setOptions([...options, ''])}
            />
            <FieldError message={errors.options} />
          </Form.Field>
        ) : null}

        {kind === 3 ? (
          <Form.Group inline>
            <label>答案</label>
            <Form.Radio label="对" checked={truth === true} onChange={() => setTruth(true)} />
            <Form.Radio label="错" checked={truth === false} onChange={() => setTruth(false)} />
          </Form.Group>
        ) : null}

        {kind === 4 ? (
          <Form.Field>
            <label>每个空可接受的答案（每行一个；比较时忽略空格、大小写与全角半角）</label>
            {blankCount === 0 ? <p className="rc-muted">在题干中用 ___ 标出空后，这里为每个空填写答案。</p> : null}
            {Array.from({ length: blankCount }, (_, index) => (
              <Form.TextArea
                key={index}
                label={`第 ${index + 1} 空`}
                aria-label={`第 ${index + 1} 空的答案`}
                rows={2}
                value={blanks[index] ?? ''}
                onChange={(_, data) => {
                  const next = [...blanks];
                  next[index] = String(data.value ?? '');
                  setBlanks(next);
                }}
              />
            ))}
          </Form.Field>
        ) : null}

        {kind === 5 ? (
          <Form.TextArea
            label="参考答案（批阅时给老师看）"
            name="reference"
            rows={3}
            maxLength={5000}
            value={reference}
            onChange={(_, data) => setReference(String(data.value ?? ''))}
          />
        ) : null}
        <FieldError message={errors.answer} />

        <Form.TextArea
          label="解析"
          name="analysis"
          rows={2}
          maxLength={2000}
          value={analysis}
          onChange={(_, data) => setAnalysis(String(data.value ?? ''))}
        />
        <Form.Field inline>
          <label htmlFor="question-points">分值</label>
          <IntegerInput id="question-points" value={points} min={1} max={100} onChange={setPoints} />
        </Form.Field>
        <Form.Group inline>
          <label>难度</label>
          {([1, 2, 3] as const).map((value) => (
            <Form.Radio
              key={value}
              label={['', '易', '中', '难'][value]}
              name="difficulty"
              checked={difficulty === value}
              onChange={() => setDifficulty(value)}
            />
          ))}
          <span className="rc-muted">考试的题池按题型与难度随机抽题</span>
        </Form.Group>
      </Form>
    </ModalDialog>
  );
}
