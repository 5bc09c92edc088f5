import { useState } from 'react';
import { Button, Form, Modal } from 'semantic-ui-react';
import { IntegerInput, useSubmit } from '@rc/shared-utility';
import { saveGrade, updateGrade, type GradeCard } from './grade-api';

type Field = 'gradeName' | 'intro' | 'maxStudents';

/** Creates a class, or edits one of mine: name, introduction, public or by link, and the most students. */
export function GradeFormDialog({ grade, close }: { grade: GradeCard | null; close: (changed: boolean) => void }) {
  const [gradeName, setGradeName] = useState(grade?.gradeName ?? '');
  const [intro, setIntro] = useState(grade?.intro ?? '');
  const [isPublic, setIsPublic] = useState(grade?.isPublic ?? true);
  const [maxStudents, setMaxStudents] = useState(grade?.maxStudents ?? 100);
  const { busy, errors, submit } = useSubmit<Field>();
  const least = Math.max(1, grade?.studentCount ?? 1);
  const check = () => ({
    gradeName: gradeName.trim() ? undefined : '请填写班级名称',
    maxStudents:
      maxStudents < least || maxStudents > 500 ? `人数上限应在 ${least}–500 之间${grade ? '（不少于现有人数）' : ''}` : undefined,
  });
  const save = () =>
    void submit({
      check,
      call: () => {
        const body = { gradeName: gradeName.trim(), intro: intro.trim(), isPublic, maxStudents };
        return grade ? updateGrade(grade.gradeId, body) : saveGrade(body);
      },
      then: () => close(true),
    });
  return (
    <Modal open size="small" onClose={() => close(false)} className="rc-grade-dialog">
      <Modal.Header>{grade ? '编辑班级' : '创建班级'}</Modal.Header>
      <Modal.Content>
        <Form>
          <Form.Input
            label="班级名称"
            name="gradeName"
            value={gradeName}
            maxLength={40}
            error={errors.gradeName}
            onChange={(_, d) => setGradeName(d.value)}
          />
          <Form.TextArea
            label="班级简介"
            name="intro"
            value={intro}
            maxLength={1000}
            rows={4}
            onChange={(_, d) => setIntro(String(d.value ?? ''))}
          />
          <Form.Field error={Boolean(errors.maxStudents)}>
            <label>人数上限</label>
            <IntegerInput name="maxStudents" value={maxStudents} min={1} max={500} onChange={setMaxStudents} />
            {errors.maxStudents ? <div className="ui pointing red basic label">{errors.maxStudents}</div> : null}
          </Form.Field>
          <Form.Checkbox
            toggle
            name="isPublic"
            label={isPublic ? '公开：显示在班级列表中' : '私密：仅能通过班级链接申请加入'}
            checked={isPublic}
            onChange={(_, d) => setIsPublic(Boolean(d.checked))}
          />
        </Form>
      </Modal.Content>
      <Modal.Actions>
        <Button content="取消" onClick={() => close(false)} />
        <Button primary loading={busy} disabled={busy} className="rc-grade-save" content="保存" onClick={save} />
      </Modal.Actions>
    </Modal>
  );
}
