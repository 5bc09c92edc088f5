import { Label, Segment } from 'semantic-ui-react';
import { MarkdownHtml } from '@rc/shared-utility';
import type { AnswerKey, StudentAnswer } from '@rc/api-contract/exam/answers';
import { kindNames, type MarkedItem, type MarkedPaper } from './grading-api';

const letter = (index: number) => String.fromCharCode(65 + index);
const letters = (choices: number[] | undefined) => (choices?.length ? choices.map(letter).join('、') : '未作答');
const truthName = (truth: boolean | undefined) => (truth === undefined ? '未作答' : truth ? '正确' : '错误');

function answerText(kind: number, answer: StudentAnswer | null): string {
  if (!answer) return '未作答';
  if (kind === 1 || kind === 2) return letters(answer.choices);
  if (kind === 3) return truthName(answer.truth);
  if (kind === 4)
    return answer.blanks?.some((blank) => blank.trim() !== '') ? answer.blanks.map((blank) => blank || '（空）').join(' ／ ') : '未作答';
  return answer.text?.trim() ? answer.text : '未作答';
}

function keyText(kind: number, key: AnswerKey): string {
  if (kind === 1 || kind === 2) return letters(key.choices);
  if (kind === 3) return truthName(key.truth);
  if (kind === 4) return (key.blanks ?? []).map((accepted, index) => `第 ${index + 1} 空：${accepted.join(' 或 ')}`).join('；');
  return key.reference || '（无参考答案）';
}

function ItemScore({ item }: { item: MarkedItem }) {
  if (item.score === null) return <Label size="small" color="orange" content="待批阅" />;
  const full = item.score === item.points;
  return (
    <Label size="small" color={full ? 'green' : item.score === 0 ? 'red' : 'yellow'} content={`得分 ${item.score} / ${item.points}`} />
  );
}

function PaperItem({ item }: { item: MarkedItem }) {
  return (
    <Segment className="rc-paper-item" data-item={item.itemId}>
      <div className="rc-paper-item-head">
        <b>
          第 {item.sort} 题 · {kindNames[item.kind]} · {item.points} 分
        </b>
        <ItemScore item={item} />
      </div>
      <MarkdownHtml html={item.stemHtml} />
      {item.options.length > 0 ? (
        <ol className="rc-paper-options" type="A">
          {item.optionsHtml.map((option, index) => (
            <li key={index}>
              <MarkdownHtml inline html={option} />
            </li>
          ))}
        </ol>
      ) : null}
      <div className="rc-paper-line">
        <span className="rc-muted">作答：</span>
        <span className="rc-paper-answer">{answerText(item.kind, item.answer)}</span>
      </div>
      {item.comment ? (
        <div className="rc-paper-line rc-paper-comment">
          <span className="rc-muted">评语：</span>
          {item.comment}
        </div>
      ) : null}
      {item.answerKey ? (
        <div className="rc-paper-line rc-paper-key">
          <span className="rc-muted">{item.kind === 5 ? '参考答案：' : '标准答案：'}</span>
          {keyText(item.kind, item.answerKey)}
        </div>
      ) : null}
      {item.analysis ? (
        <div className="rc-paper-line rc-paper-analysis">
          <span className="rc-muted">解析：</span>
          <MarkdownHtml inline html={item.analysisHtml ?? ''} />
        </div>
      ) : null}
    </Segment>
  );
}

/** A handed-in paper, item by item, with the answer, its mark, the grader's comment and (when shown) the key and analysis. */
export function MarkedPaperView({ paper }: { paper: MarkedPaper }) {
  return (
    <div className="rc-marked-paper">
      {paper.items.map((item) => (
        <PaperItem key={item.itemId} item={item} />
      ))}
    </div>
  );
}
