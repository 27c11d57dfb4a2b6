import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { fileListNote, optionId, SuggestionList } from './SuggestionList.js';
import { activeMention, attachedFiles, insertMention } from './mentions.js';
import { useMentionFiles } from './useMentionFiles.js';
import { useTypedMentions } from './useTypedMentions.js';
import { isModeShortcut, MODE_SHORTCUT } from './modeShortcut.js';
import { completeSlash, parseComposerInput, SLASH_COMMANDS, type ModeWord, type SlashName } from './slash.js';

/** The message box's id: the approval dock sends typing that strayed onto a prompt back here. */
export const COMPOSER_TEXT_ID = 'composer-text';

interface Props {
  running: boolean;
  sending: boolean;
  stopping: boolean;
  /** The text, and the project files it @-mentions (picked from the list and still named in it, or typed). */
  onSend: (text: string, attachments: string[]) => Promise<boolean>;
  onStop: () => void;
  onCommand: (name: SlashName, args?: { mode?: ModeWord; model?: string }) => void;
  /** The permission-mode selector, shown beside the message box. */
  modeControl?: ReactNode;
  /** MODE_SHORTCUT in the message box: the next permission mode. */
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
  // The slash palette: the commands matching the word typed; the highlighted one; closed by Esc until the text changes.
  const hints = completeSlash(text);
  const [slashActive, setSlashActive] = useState(0);
  const [slashClosedFor, setSlashClosedFor] = useState<string | null>(null);
  const paletteId = useId();
  // @-mentions: the word at the caret, the files offered for it, the one highlighted, the files picked.
  const box = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const [caret, setCaret] = useState(0);
  const [picked, setPicked] = useState<string[]>([]);
  const [active, setActive] = useState(0);
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const mention = activeMention(text, caret);
  const open = mention !== null && closedAt !== mention.start;
  const files = useMentionFiles(open ? mention.query : null);
  const options = open ? (files.data?.files ?? []) : [];
  const highlighted = Math.min(active, Math.max(0, options.length - 1));
  // A typed @path that names a project file attaches as a picked one does (main checks it).
  const typedFiles = useTypedMentions(text);
  const attachments = attachedFiles(text, picked, typedFiles.typed);
  useEffect(() => setActive(0), [mention?.query]);
  const palette = !open && hints.length > 0 && slashClosedFor !== text;
  const slashHighlighted = Math.min(slashActive, Math.max(0, hints.length - 1));
  useEffect(() => setSlashActive(0), [hints.length]);
  /** A click on a command runs it: the box is cleared, as after a typed command. */
  const runCommand = (name: SlashName) => {
    setText('');
    setProblem(null);
    onCommand(name);
  };

  const pick = (file: string) => {
    if (!mention) return;
    const next = insertMention(text, mention, caret, file);
    setText(next.text);
    setCaret(next.caret);
    setPicked((p) => (p.includes(file) ? p : [...p, file]));
    requestAnimationFrame(() => box.current?.setSelectionRange(next.caret, next.caret));
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const input = parseComposerInput(text);
    setProblem(null);
    if (input.kind === 'empty') return;
    if (input.kind === 'unknown') return setProblem(input.message);
    if (input.kind === 'command') {
      setText('');
      return onCommand(input.name, { ...(input.mode ? { mode: input.mode } : {}), ...(input.model ? { model: input.model } : {}) });
    }
    // The box clears only what was sent: what the user typed while the send was on its way stays.
    const sent = text;
    if (await onSend(input.text, attachedFiles(sent, picked, await typedFiles.resolve(sent)))) {
      setText((now) => (now.startsWith(sent) ? now.slice(sent.length) : now));
      setPicked([]);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && !e.nativeEvent.isComposing) {
      if (e.key === 'Escape') {
        e.preventDefault();
        return setClosedAt(mention.start);
      }
      if (options.length > 0 && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        return setActive((highlighted + step + options.length) % options.length);
      }
      if (options.length > 0 && (e.key === 'Enter' || (e.key === 'Tab' && !e.shiftKey))) {
        e.preventDefault();
        return pick(options[highlighted]!);
      }
    }
    if (palette && !e.nativeEvent.isComposing && !e.altKey && !e.ctrlKey && !e.metaKey) {
      const chosen = hints[slashHighlighted]!;
      if (e.key === 'Escape') {
        e.preventDefault();
        return setSlashClosedFor(text);
      }
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        return setSlashActive((slashHighlighted + step + hints.length) % hints.length);
      }
      // Tab and Enter complete the highlighted command; Enter on a command already complete runs it (below).
      const complete = text.trim().toLowerCase() === `/${chosen}`;
      if ((e.key === 'Tab' && !e.shiftKey && !complete) || (e.key === 'Enter' && !e.shiftKey && !complete)) {
        e.preventDefault();
        setText(`/${chosen}`);
        return;
      }
    }
    // Shift+Tab stays focus order (keyboard users tab backwards); the mode has its own chord.
    if (isModeShortcut(e) && onCycleMode) {
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
      {open && (
        <SuggestionList
          id={listId}
          label="Project files"
          items={options.map((f) => ({ key: f, content: f }))}
          active={highlighted}
          note={fileListNote(options.length, files.isFetching, files.data?.truncated ?? false)}
          onPick={(i) => pick(options[i]!)}
          onHover={setActive}
        />
      )}
      {palette && (
        <SuggestionList
          id={paletteId}
          label="Commands"
          items={hints.map((n) => ({
            key: n,
            content: (
              <>
                <code>/{n}</code> <span className="muted">{SLASH_COMMANDS[n]}</span>
              </>
            ),
          }))}
          active={slashHighlighted}
          onPick={(i) => runCommand(hints[i]!)}
          onHover={setSlashActive}
        />
      )}
      <div className="composer-row">
        {modeControl}
        <label htmlFor={COMPOSER_TEXT_ID} className="sr-only">
          Message
        </label>
        <textarea
          ref={box}
          id={COMPOSER_TEXT_ID}
          rows={2}
          value={text}
          // A multi-line box keeps its textbox role (a combobox is one line); it owns the file list
          // through aria-controls and names the highlighted file with aria-activedescendant.
          aria-autocomplete="list"
          aria-controls={open ? listId : palette ? paletteId : undefined}
          aria-activedescendant={
            open && options.length > 0 ? optionId(listId, highlighted) : palette ? optionId(paletteId, slashHighlighted) : undefined
          }
          onChange={(e) => {
            setText(e.target.value);
            setCaret(e.target.selectionStart);
            setProblem(null);
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          placeholder={
            running
              ? 'The agent is working: a message sent now waits until it finishes'
              : `Ask the agent… (Enter sends, Shift+Enter new line, ${MODE_SHORTCUT.label} mode, / for commands, @ for files)`
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
      {attachments.length > 0 && (
        <p className="composer-attachments muted" data-testid="attachments">
          Attaches {attachments.join(', ')}: the agent reads {attachments.length === 1 ? 'it' : 'them'} first.
        </p>
      )}
      {problem && (
        <p id="composer-problem" role="alert" className="error-note">
          {problem}
        </p>
      )}
    </form>
  );
}
