import { forwardRef, type HTMLAttributes } from 'react';

/**
 * Text shown as a program or a file wrote it (a job's output, a text file's preview): monospace, wrapped, scrolling
 * inside its box. The screen gives the box its height.
 */
export const OutputBox = forwardRef<HTMLPreElement, HTMLAttributes<HTMLPreElement>>(function OutputBox({ className = '', ...props }, ref) {
  return <pre ref={ref} className={`rc-output-box ${className}`.trim()} {...props} />;
});
