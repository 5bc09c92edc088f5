import { useRef } from 'react';

/**
 * The hidden multi-file input behind an upload button: render `input`, call `open` from the button; the
 * chosen files go to `onFiles` (and the input is emptied, so the same file can be chosen again).
 */
export function useFilePicker(onFiles: (files: Iterable<File>) => void) {
  const ref = useRef<HTMLInputElement>(null);
  const input = (
    <input
      ref={ref}
      type="file"
      multiple
      hidden
      className="rc-file-picker"
      onChange={(event) => {
        onFiles(event.target.files ?? []);
        event.target.value = '';
      }}
    />
  );
  return { open: () => ref.current?.click(), input };
}
