import { useState } from 'react';
import { Input, type InputProps } from 'semantic-ui-react';

interface IntegerInputProps extends Omit<InputProps, 'value' | 'onChange' | 'type' | 'min' | 'max'> {
  value: number;
  min?: number;
  max?: number;
  onChange: (value: number) => void;
}

/**
 * A whole-number field that shows what the number is: typing 20 after 0 reads "20", not "020".
 * Above `max` it stops at `max`; below `min` the text stays as typed until the field is left, so
 * 150 can be typed with a minimum of 100, and the last valid number is kept.
 */
export function IntegerInput({ value, min = 0, max = Number.MAX_SAFE_INTEGER, onChange, ...props }: IntegerInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <Input
      {...props}
      type="text"
      inputMode="numeric"
      value={draft ?? String(value)}
      onBlur={() => setDraft(null)}
      onChange={(_, data) => {
        const digits = String(data.value)
          .replace(/\D/g, '')
          .replace(/^0+(?=\d)/, '');
        const typed = digits === '' ? null : Math.min(Number(digits), max);
        if (typed === null || typed < min) return setDraft(typed === null ? '' : String(typed));
        setDraft(null);
        onChange(typed);
      }}
    />
  );
}
