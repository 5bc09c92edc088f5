import { Dropdown, Form } from 'semantic-ui-react';
import { FieldError } from '@rc/shared-utility';

export interface PickableStudent {
  userId: number;
  /** What the list shows for the student: the name, and any standing worth knowing when choosing. */
  text: string;
}

/** The 学生 field of the exam dialogs (延长时间, 补考): one or more of the class's students, searchable by name. */
export function StudentPicker({
  students,
  value,
  onChange,
  ariaLabel,
  placeholder,
  className,
  loading = false,
  error,
}: {
  students: readonly PickableStudent[];
  value: number[];
  onChange: (userIds: number[]) => void;
  ariaLabel: string;
  placeholder: string;
  className?: string;
  loading?: boolean;
  error?: string;
}) {
  return (
    <Form.Field>
      <label>学生</label>
      <Dropdown
        multiple
        search
        selection
        aria-label={ariaLabel}
        className={className}
        placeholder={placeholder}
        loading={loading}
        options={students.map((student) => ({ key: student.userId, value: student.userId, text: student.text }))}
        value={value}
        onChange={(_, data) => onChange((data.value as number[]) ?? [])}
      />
      <FieldError message={error} />
    </Form.Field>
  );
}
