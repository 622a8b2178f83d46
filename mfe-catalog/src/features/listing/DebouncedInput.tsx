/**
 * A labelled text input that commits what was typed after a pause (issue 9: text filters are debounced), and
 * follows the committed value when it changes from outside (Back, Clear filters).
 */
import { type InputHTMLAttributes, useEffect, useRef, useState } from 'react';

/** Pause after the last keystroke before a text filter applies. */
export const FILTER_DEBOUNCE_MS = 400;

export interface DebouncedInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'defaultValue'> {
  value: string;
  onCommit(value: string): void;
  /** Keeps only digits (prices, kilometres). */
  numeric?: boolean;
}

/** `<input>` whose changes reach `onCommit` debounced; Enter commits at once. */
export function DebouncedInput({
  value,
  onCommit,
  numeric = false,
  onKeyDown,
  ...rest
}: DebouncedInputProps) {
  const [draft, setDraft] = useState(value);
  const committed = useRef(value);
  const commit = useRef(onCommit);
  commit.current = onCommit;

  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setDraft(value);
    }
  }, [value]);

  useEffect(() => {
    if (draft === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = draft;
      commit.current(draft);
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  return (
    <input
      {...rest}
      {...(numeric ? { inputMode: 'numeric' as const } : {})}
      value={draft}
      onChange={(e) => setDraft(numeric ? e.target.value.replace(/\D/g, '') : e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && draft !== committed.current) {
          committed.current = draft;
          onCommit(draft);
        }
        onKeyDown?.(e);
      }}
    />
  );
}
