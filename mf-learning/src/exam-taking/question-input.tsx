import { Checkbox, Input, Radio, TextArea } from 'semantic-ui-react';
import { MarkdownHtml } from '@rc/shared-utility';
import type { SheetItem, StudentAnswer } from './exam-taking-api';

export const kindNames: Record<SheetItem['kind'], string> = { 1: '单选题', 2: '多选题', 3: '判断题', 4: '填空题', 5: '简答题' };

const letter = (index: number) => String.fromCharCode(65 + index);

export function isAnswered(item: SheetItem, answer: StudentAnswer | undefined): boolean {
  if (!answer) return false;
  if (item.kind === 1 || item.kind === 2) return (answer.choices?.length ?? 0) > 0;
  if (item.kind === 3) return answer.truth !== undefined;
  if (item.kind === 4) return (answer.blanks ?? []).some((blank) => blank.trim() !== '');
  return (answer.text ?? '').trim() !== '';
}

interface QuestionInputProps {
  item: SheetItem;
  answer: StudentAnswer | undefined;
  disabled: boolean;
  /** `typed` answers are sent after a pause in typing; choices at once. */
  onChange: (answer: StudentAnswer, typed: boolean) => void;
}

/** The input of one question, by kind: radio buttons, checkboxes, 对/错, one box per blank, or a text area. */
export function QuestionInput({ item, answer, disabled, onChange }: QuestionInputProps) {
  const name = `rc-exam-item-${item.itemId}`;
  if (item.kind === 1 || item.kind === 2) {
    const chosen = answer?.choices ?? [];
    const toggle = (index: number) =>
      item.kind === 1
        ? [index]
        : chosen.includes(index)
          ? chosen.filter((choice) => choice !== index)
          : [...chosen, index].sort((a, b) => a - b);
    const Choice = item.kind === 1 ? Radio : Checkbox;
    return (
      <div className="rc-exam-options">
        {item.optionsHtml.map((option, index) => (
          <Choice
            key={index}
            name={name}
            className="rc-exam-option"
            data-option={index}
            label={
              <label>
                {letter(index)}. <MarkdownHtml inline html={option} />
              </label>
            }
            checked={chosen.includes(index)}
            disabled={disabled}
            onChange={() => onChange({ choices: toggle(index) }, false)}
          />
        ))}
      </div>
    );
  }
  if (item.kind === 3) {
    return (
      <div className="rc-exam-options">
        {[true, false].map((truth) => (
          <Radio
            key={String(truth)}
            name={name}
            className="rc-exam-option"
            data-truth={String(truth)}
            label={truth ? '对' : '错'}
            checked={answer?.truth === truth}
            disabled={disabled}
            onChange={() => onChange({ truth }, false)}
          />
        ))}
      </div>
    );
  }
  if (item.kind === 4) {
    const blanks = Array.from({ length: item.blankCount }, (_, index) => answer?.blanks?.[index] ?? '');
    return (
      <div className="rc-exam-blanks">
        {blanks.map((blank, index) => (
          <Input
            key={index}
            className="rc-exam-blank"
            label={`第 ${index + 1} 空`}
            value={blank}
            maxLength={200}
            disabled={disabled}
            onChange={(_, data) => onChange({ blanks: blanks.map((old, at) => (at === index ? String(data.value) : old)) }, true)}
          />
        ))}
      </div>
    );
  }
  return (
    <div className="ui form">
      <TextArea
        className="rc-exam-text"
        rows={6}
        maxLength={5000}
        placeholder="在此作答"
        value={answer?.text ?? ''}
        disabled={disabled}
        onChange={(_, data) => onChange({ text: String(data.value ?? '') }, true)}
      />
    </div>
  );
}
