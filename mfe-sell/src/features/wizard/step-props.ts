/** What every step panel of the sell wizard gets from the wizard. */
import type { Draft } from './draft';

/** The answers so far, a way to change them, and a move to the next step. */
export interface StepProps {
  draft: Draft;
  /** Merges `patch` into the answers (saved to local storage by the wizard). */
  update(patch: Partial<Draft>): void;
  /** Moves to the next step and focuses its panel. */
  next(): void;
}

/** The answers and a way to change them, plus the Next of a form step (it validates first). */
export interface FormStepProps {
  draft: Draft;
  update(patch: Partial<Draft>): void;
  /** Validates the step; shows its alert or moves on. */
  onNext(): void;
}
