import { useState } from 'react';
import { Form } from 'semantic-ui-react';
import { IntegerInput, useSubmit, ModalDialog, DialogFormActions } from '@rc/shared-utility';
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
    <ModalDialog
      title={grade ? '编辑班级' : '创建班级'}
      size="small"
      close={() => close(false)}
      className="rc-grade-dialog"
      actions={
        <DialogFormActions close={() => close(false)} submitText="保存" busy={busy} onSubmit={save} submitClassName="rc-grade-save" />
      }
    >
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
    </ModalDialog>
  );
}
