import { useRef, type Ref } from 'react';

function LineNumbers({ count, scrollRef }: { count: number; scrollRef?: Ref<HTMLDivElement> }) {
  return (
    <div className="rc-script-gutter rc-mono" ref={scrollRef} aria-hidden>
      {Array.from({ length: count }, (_, index) => (
        <span key={index}>{index + 1}</span>
      ))}
    </div>
  );
}

const lineCount = (text: string) => text.split('\n').length;

/**
 * The job script: the `#SBATCH` header the form makes (read only, above) and the body the user writes,
 * monospace with line numbers that scroll with it.
 */
export function ScriptEditor({ header, value, onChange }: { header: string[]; value: string; onChange: (value: string) => void }) {
  const gutter = useRef<HTMLDivElement>(null);
  return (
    <div className="rc-script-editor">
      <pre className="rc-sbatch-preview rc-mono" title="由表单生成，提交时写在脚本之前">
        {header.join('\n')}
      </pre>
      <div className="rc-script-body">
        <LineNumbers count={lineCount(value)} scrollRef={gutter} />
        <textarea
          className="rc-script-input rc-mono"
          aria-label="作业脚本"
          spellCheck={false}
          wrap="off"
          value={value}
          placeholder={'# 在这里写作业要运行的命令，例如：\nmodule load gcc\nsrun ./my_program input.dat'}
          onChange={(event) => onChange(event.target.value)}
          onScroll={(event) => {
            if (gutter.current) gutter.current.scrollTop = event.currentTarget.scrollTop;
          }}
        />
      </div>
    </div>
  );
}

/** A script shown read only, with line numbers. */
export function ScriptView({ script }: { script: string }) {
  return (
    <div className="rc-script-body rc-script-view">
      <LineNumbers count={lineCount(script.replace(/\n$/, ''))} />
      <pre className="rc-script-input rc-mono">{script}</pre>
    </div>
  );
}
