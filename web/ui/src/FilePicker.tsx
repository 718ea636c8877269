/**
 * A file field whose button and "nothing chosen" text come from the page's dictionary (the browser's
 * own file input speaks the browser's language, not the site's). The native input stays in the page,
 * visually hidden but focusable, so the keyboard, screen readers and form resets work as usual; its
 * label is the visible button, and the chosen names are announced politely.
 */
import { type ChangeEvent, useId, useState } from 'react';
import styles from './FilePicker.module.css';

export interface FilePickerProps {
  /** The field's name, read out with the input (e.g. "Attachment (optional)"). */
  label: string;
  /** The button's text ("Choose a file"). */
  chooseText: string;
  /** Shown while nothing is chosen ("No file chosen"). */
  noneText: string;
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  onFiles(files: File[]): void;
}

export function FilePicker({
  label,
  chooseText,
  noneText,
  accept,
  multiple,
  disabled,
  onFiles,
}: FilePickerProps) {
  const id = useId();
  const [names, setNames] = useState<string[]>([]);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    setNames(files.map((f) => f.name));
    onFiles(files);
  };
  return (
    <div className={styles.picker}>
      <span className={styles.label} id={`${id}-label`}>
        {label}
      </span>
      <span className={styles.row}>
        <input
          id={id}
          className={styles.input}
          type="file"
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          aria-labelledby={`${id}-label ${id}-button`}
          aria-describedby={`${id}-chosen`}
          onChange={onChange}
        />
        <label htmlFor={id} id={`${id}-button`} className={styles.button} aria-hidden="true">
          {chooseText}
        </label>
        <span id={`${id}-chosen`} className={styles.chosen} aria-live="polite">
          {names.length > 0 ? names.join(', ') : noneText}
        </span>
      </span>
    </div>
  );
}
