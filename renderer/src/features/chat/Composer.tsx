import { useEffect, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { completeSlash, parseComposerInput, SLASH_COMMANDS, type ModeWord, type SlashName } from './slash.js';

/** The message box's id: the approval dock sends typing that strayed onto a prompt back here. */
export const COMPOSER_TEXT_ID = 'composer-text';

interface Props {
  running: boolean;
  sending: boolean;
  stopping: boolean;
  onSend: (text: string) => Promise<boolean>;
  onStop: () => void;
  onCommand: (name: SlashName, mode?: ModeWord) => void;
  /** The permission-mode selector, shown beside the message box. */
  modeControl?: ReactNode;
  /** Shift+Tab in the message box: the next permission mode. */
  onCycleMode?: () => void;
  /** Text handed back to the box (a queued message to edit); `n` changes each time. */
  draft?: { text: string; n: number } | null;
  /** The last message the user sent here: Up in an empty box brings it back to edit. */
  lastSent?: string | undefined;
}

/**
 * Where the user writes: Enter sends, Shift+Enter breaks the line. A slash word runs a command
 * (listed as it is typed); an unknown one is explained here instead of being sent to the model.
 * Stop is cooperative cancellation of the whole run (model stream, tools, sub-agents).
 */
export function Composer({ running, sending, stopping, onSend, onStop, onCommand, modeControl, onCycleMode, draft, lastSent }: Props) {
  const [text, setText] = useState('');
  useEffect(() => {
    // Handed back, never replacing what the user is writing: the draft goes after it.
    if (draft) setText((t) => (t.trim() === '' ? draft.text : `${t}\n${draft.text}`));
  }, [draft]);
  const [problem, setProblem] = useState<string | null>(null);
  const hints = completeSlash(text);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const input = parseComposerInput(text);
    setProblem(null);
    if (input.kind === 'empty') return;
    if (input.kind === 'unknown') return setProblem(input.message);
    if (input.kind === 'command') {
      setText('');
      return onCommand(input.name, input.mode);
    }
    // The box clears only what was sent: what the user typed while the send was on its way stays.
    const sent = text;
    if (await onSend(input.text)) setText((now) => (now.startsWith(sent) ? now.slice(sent.length) : now));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Tab' && e.shiftKey && onCycleMode) {
      e.preventDefault();
      return onCycleMode();
    }
    if (e.key === 'ArrowUp' && text === '' && lastSent && !e.shiftKey && !e.altKey && !e.metaKey && !e.ctrlKey) {
      e.preventDefault();
      setText(lastSent);
      return;
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <form className="composer" onSubmit={(e) => void submit(e)} aria-label="Message the agent">
      {hints.length > 0 && (
        <ul className="slash-hints" aria-label="Commands">
          {hints.map((n) => (
            <li key={n}>
              <code>/{n}</code> <span className="muted">{SLASH_COMMANDS[n]}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="composer-row">
        {modeControl}
        <label htmlFor={COMPOSER_TEXT_ID} className="sr-only">
          Message
        </label>
        <textarea
          id={COMPOSER_TEXT_ID}
          rows={2}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
          placeholder={
            running
              ? 'The agent is working: a message sent now waits until it finishes'
              : 'Ask the agent… (Enter sends, Shift+Enter new line, Shift+Tab mode, / for commands)'
          }
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'composer-problem' : undefined}
        />
        <button type="submit" className="primary" disabled={sending || text.trim() === ''}>
          Send
        </button>
        <button type="button" onClick={onStop} disabled={!running || stopping}>
          {stopping ? 'Stopping…' : 'Stop'}
        </button>
      </div>
      {problem && (
        <p id="composer-problem" role="alert" className="error-note">
          {problem}
        </p>
      )}
    </form>
  );
}
