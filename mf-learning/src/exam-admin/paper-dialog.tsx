import { useCallback, useState } from 'react';
import { Button, Checkbox, Form, Label, Radio, Segment } from 'semantic-ui-react';
import { ListState, MarkdownHtml, runAction, useLoaded, ModalDialog } from '@rc/shared-utility';
import { keySummary, kindNames, optionLetter } from '../question-bank/question-bank-api';
import { correctItemKey, examPaper, type AnswerKey, type ExamAdminItem, type ExamPaperItem } from './exam-admin-api';

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** 更正答案 for one objective item: the corrected key is saved and every handed-in attempt is graded again. */
function KeyEditor({ examId, item, done }: { examId: number; item: ExamPaperItem; done: (changed: boolean) => void }) {
  const [choices, setChoices] = useState<number[]>(item.answerKey.choices ?? []);
  const [truth, setTruth] = useState(item.answerKey.truth ?? true);
  const [blanks, setBlanks] = useState<string[]>((item.answerKey.blanks ?? []).map((accepted) => accepted.join('\n')));
  const [busy, setBusy] = useState(false);
  const key = (): AnswerKey => (item.kind === 3 ? { truth } : item.kind === 4 ? { blanks: blanks.map(linesOf) } : { choices });
  const save = async () => {
    setBusy(true);
    const result = await runAction(() => correctItemKey(examId, item.itemId, key()), {
      success: (data) => `答案已更正，${data.regraded} 份答卷已重新判分`,
    });
    setBusy(false);
    if (result.code === 200) done(true);
  };
  const toggle = (index: number) =>
    setChoices(item.kind === 1 ? [index] : choices.includes(index) ? choices.filter((choice) => choice !== index) : [...choices, index]);
  return (
    <Form className="rc-key-editor" onSubmit={(event) => event.preventDefault()}>
      {item.kind === 1 || item.kind === 2
        ? item.optionsHtml.map((option, index) => {
            const label = (
              <label>
                {optionLetter(index)}. <MarkdownHtml inline html={option} />
              </label>
            );
            const Choice = item.kind === 1 ? Radio : Checkbox;
            return (
              <Form.Field key={index}>
                <Choice label={label} checked={choices.includes(index)} onChange={() => toggle(index)} />
              </Form.Field>
            );
          })
        : null}
      {item.kind === 3 ? (
        <Form.Group inline>
          <Form.Radio label="对" checked={truth} onChange={() => setTruth(true)} />
          <Form.Radio label="错" checked={!truth} onChange={() => setTruth(false)} />
        </Form.Group>
      ) : null}
      {item.kind === 4
        ? blanks.map((text, index) => (
            <Form.TextArea
              key={index}
              label={`第 ${index + 1} 空（每行一个可接受的答案）`}
              rows={2}
              value={text}
              onChange={(_, data) => setBlanks(blanks.map((old, at) => (at === index ? String(data.value ?? '') : old)))}
            />
          ))
        : null}
      <Button size="mini" content="取消" onClick={() => done(false)} />
      <Button size="mini" primary loading={busy} disabled={busy} content="保存并重新判分" onClick={() => void save()} />
    </Form>
  );
}

/** The paper as the students get it, with the keys, and 更正答案 on every objective item. */
export function PaperDialog({ exam, close }: { exam: ExamAdminItem; close: (changed: boolean) => void }) {
  const paper = useLoaded(useCallback(() => examPaper(exam.examId), [exam.examId]));
  const [correcting, setCorrecting] = useState<number | null>(null);
  const [changed, setChanged] = useState(false);
  return (
    <ModalDialog
      title={
        <>
          试卷 ·「{exam.title}」（{exam.totalPoints} 分，{exam.questionCount} 题）
        </>
      }
      size="large"
      close={() => close(changed)}
      className="rc-paper-dialog"
      scrolling
    >
      <ListState source={paper} isEmpty={(loaded) => loaded.items.length === 0} empty="试卷没有题目">
        {(loaded) => (
          <>
            {loaded.instructions ? <p className="rc-muted">{loaded.instructions}</p> : null}
            {loaded.items.map((item) => (
              <Segment key={item.itemId} data-item={item.itemId} className="rc-paper-item">
                <div className="rc-paper-item-head">
                  <strong>{item.sort}.</strong> <Label size="mini" content={kindNames[item.kind]} /> <span>{item.points} 分</span>
                </div>
                <MarkdownHtml html={item.stemHtml} />
                {item.options.length > 0 ? (
                  <ol type="A" className="rc-paper-options">
                    {item.optionsHtml.map((option, index) => (
                      <li key={index} className={item.answerKey.choices?.includes(index) ? 'rc-paper-right' : ''}>
                        <MarkdownHtml inline html={option} />
                      </li>
                    ))}
                  </ol>
                ) : null}
                {correcting === item.itemId ? (
                  <KeyEditor
                    examId={exam.examId}
                    item={item}
                    done={(saved) => {
                      setCorrecting(null);
                      if (saved) {
                        setChanged(true);
                        void paper.reload();
                      }
                    }}
                  />
                ) : (
                  <div className="rc-paper-key">
                    <span>
                      {item.kind === 5 ? '参考答案' : '答案'}：{keySummary(item.kind, item.answerKey)}
                    </span>
                    {item.kind !== 5 ? <Button size="mini" basic content="更正答案" onClick={() => setCorrecting(item.itemId)} /> : null}
                  </div>
                )}
                {item.analysis ? (
                  <div className="rc-muted">
                    解析：
                    <MarkdownHtml inline html={item.analysisHtml} />
                  </div>
                ) : null}
              </Segment>
            ))}
          </>
        )}
      </ListState>
    </ModalDialog>
  );
}
