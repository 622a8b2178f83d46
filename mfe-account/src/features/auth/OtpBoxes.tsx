/**
 * Six single-digit boxes of the sign-up code (spec §5): a digit moves focus to the next box, Backspace
 * clears the previous box and moves back (or clears the current one when it holds a digit), arrow keys
 * move, and pasting the six digits anywhere fills every box.
 */
import { cn, OTP_LENGTH } from '@marketplace/ui';
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';

/** Props of {@link OtpBoxes}: `value` is the array of `OTP_LENGTH` single characters ('' when empty). */
export interface OtpBoxesProps {
  value: string[];
  onChange(value: string[]): void;
  /** Marks every box invalid (after a failed verification). */
  invalid?: boolean;
}

/** The six OTP boxes, labelled 'Digit n of 6' inside a group named 'One-time code'. */
export function OtpBoxes({ value, onChange, invalid }: OtpBoxesProps) {
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const focus = (i: number) => refs.current[Math.max(0, Math.min(OTP_LENGTH - 1, i))]?.focus();

  function set(i: number, digit: string) {
    const next = [...value];
    next[i] = digit;
    onChange(next);
  }

  function onInput(i: number, raw: string) {
    let digits = raw.replace(/\D/g, '');
    // Typing over a filled box: keep the new digit.
    if (digits.length === 2 && value[i]) digits = digits.replace(value[i] ?? '', '') || (value[i] ?? '');
    if (digits.length > 1) {
      fill(i, digits);
      return;
    }
    set(i, digits);
    if (digits) focus(i + 1);
  }

  function fill(from: number, digits: string) {
    const start = digits.length >= OTP_LENGTH ? 0 : from;
    const next = [...value];
    for (let k = 0; k < digits.length && start + k < OTP_LENGTH; k++) next[start + k] = digits[k] ?? '';
    onChange(next);
    focus(Math.min(OTP_LENGTH - 1, start + digits.length));
  }

  function onKeyDown(i: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (value[i]) set(i, '');
      else if (i > 0) {
        set(i - 1, '');
        focus(i - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(i - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(i + 1);
    }
  }

  function onPaste(i: number, event: ClipboardEvent<HTMLInputElement>) {
    const digits = event.clipboardData.getData('text').replace(/\D/g, '');
    if (!digits) return;
    event.preventDefault();
    fill(i, digits.slice(0, OTP_LENGTH));
  }

  return (
    <fieldset className="acc:flex acc:justify-center acc:gap-2 acc:sm:gap-3">
      <legend className="acc:sr-only">One-time code</legend>
      {Array.from({ length: OTP_LENGTH }, (_, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          aria-label={`Digit ${i + 1} of ${OTP_LENGTH}`}
          aria-invalid={invalid ? true : undefined}
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          pattern="[0-9]*"
          maxLength={OTP_LENGTH}
          value={value[i] ?? ''}
          onChange={(e) => onInput(i, e.target.value)}
          onKeyDown={(e) => onKeyDown(i, e)}
          onPaste={(e) => onPaste(i, e)}
          onFocus={(e) => e.target.select()}
          className={cn(
            'acc:size-11 acc:rounded-lg acc:border acc:bg-white acc:text-center acc:text-xl acc:font-semibold acc:text-slate-900 acc:sm:size-12',
            'acc:focus:border-brand-500 acc:focus:outline-none acc:focus:ring-2 acc:focus:ring-brand-200',
            'acc:dark:bg-slate-800 acc:dark:text-slate-100',
            invalid ? 'acc:border-red-500' : 'acc:border-slate-300 acc:dark:border-slate-600',
          )}
        />
      ))}
    </fieldset>
  );
}
