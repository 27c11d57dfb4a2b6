import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { ActionError } from '../../ui/ActionError.js';
import { typesCharacter } from './keyboard.js';
import { useAnswerGate, type AnswerGate } from './useAnswerGate.js';

interface Props {
  approvalId: string;
  /** The question, as the dialog's accessible name. */
  title: ReactNode;
  error: unknown;
  /** Whether this typed character may answer the prompt (the digits of a tool prompt); else it is stray. */
  answersWith?: (e: KeyboardEvent) => boolean;
  /**
   * A character that answers nothing (or that the gate refuses) was typed on the prompt itself: the
   * user is writing, not answering. Give focus back to the text field it came from (true when done);
   * the key is not prevented, so it lands there and nothing is lost. `early`: typed before the prompt armed.
   */
  onStrayText?: ((how: { early: boolean }) => boolean) | undefined;
  /** The prompt's own keys (after stray text went back); the gate decides whether one may answer. */
  onKey: (e: KeyboardEvent, gate: AnswerGate) => void;
  children: (gate: AnswerGate) => ReactNode;
}

/**
 * What every approval prompt shares: a focusable dialog named by its title, the answer gate
 * (`useAnswerGate.ts`: nothing typed or clicked before it is armed counts), stray text sent back to
 * the field it came from, and the error of the last answer. The prompt supplies its body and keys.
 */
export function PromptFrame({ approvalId, title, error, answersWith, onStrayText, onKey, children }: Props) {
  const titleId = useId();
  const root = useRef<HTMLDivElement>(null);
  const gate = useAnswerGate(root);

  const onKeyDown = (e: KeyboardEvent) => {
    const stray = e.target === root.current && typesCharacter(e) && (!answersWith?.(e) || !gate.keyMay(e));
    if (stray && onStrayText?.({ early: gate.early(e) })) return;
    onKey(e, gate);
  };

  return (
    <div
      ref={root}
      className="approval"
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onFocus={gate.onFocus}
      onBlur={gate.onBlur}
      data-armed={gate.armed}
      data-clickable={gate.clickable}
      data-approval-id={approvalId}
    >
      <h2 id={titleId} className="approval-title">
        {title}
      </h2>
      {children(gate)}
      <ActionError error={error} doing="send your answer" />
    </div>
  );
}
