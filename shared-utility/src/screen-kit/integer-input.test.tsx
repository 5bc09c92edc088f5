import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { IntegerInput } from './integer-input';
import { inAct, render, typeInto, unmountAll } from './test-render';

afterEach(unmountAll);

let latest = 0;
function Field({ initial, min, max }: { initial: number; min?: number; max?: number }) {
  const [value, setValue] = useState(initial);
  latest = value;
  return <IntegerInput value={value} min={min} max={max} onChange={setValue} />;
}

const input = () => document.querySelector('input')!;
const type = (text: string) => inAct(() => typeInto(input(), text));

describe('IntegerInput', () => {
  it('reads "20" after 20 is typed behind the 0, never "020"', () => {
    render(<Field initial={0} max={2000} />);
    type('020');
    expect([input().value, latest]).toEqual(['20', 20]);
    type('20x5');
    expect([input().value, latest]).toEqual(['205', 205]);
  });

  it('stops at the maximum', () => {
    render(<Field initial={0} max={2000} />);
    type('99999');
    expect([input().value, latest]).toEqual(['2000', 2000]);
  });

  it('keeps a number under the minimum as typed without taking it, and shows the last valid one when left', () => {
    render(<Field initial={100} min={100} max={2000} />);
    type('1');
    expect([input().value, latest]).toEqual(['1', 100]);
    type('150');
    expect([input().value, latest]).toEqual(['150', 150]);
    type('');
    expect([input().value, latest]).toEqual(['', 150]);
    inAct(() => input().dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
    expect(input().value).toBe('150');
  });
});
