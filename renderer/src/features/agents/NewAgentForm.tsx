import { useEffect, useId, useRef, useState } from 'react';
import { agentNameSchema, type AgentView } from '../../../../shared/contract/index.js';
import { ActionError } from '../../ui/ActionError.js';
import { useStartAgent } from './useAgents.js';

/**
 * Starts a background agent: its task and, if wanted, a name (its branch is `codecoder/<name>`).
 * Ctrl+Enter (⌘+Enter) in the task starts it; Escape cancels. The name is checked here with the
 * contract's own rule, so the mistake shows under the field before anything is sent.
 */
export function NewAgentForm({
  focusRequest,
  onStarted,
  onCancel,
}: {
  focusRequest: number;
  onStarted: (a: AgentView) => void;
  onCancel: () => void;
}) {
  const start = useStartAgent();
  const taskId = useId();
  const nameId = useId();
  const nameHint = useId();
  const nameError = useId();
  const [task, setTask] = useState('');
  const [name, setName] = useState('');
  const taskField = useRef<HTMLTextAreaElement>(null);
  useEffect(() => taskField.current?.focus(), [focusRequest]);

  const nameCheck = name.trim() === '' ? null : agentNameSchema.safeParse(name);
  const nameProblem = nameCheck && !nameCheck.success ? (nameCheck.error.issues[0]?.message ?? 'not a valid name') : null;
  const canStart = task.trim() !== '' && !nameProblem && !start.isPending;

  const submit = () => {
    if (!canStart) return;
    start.mutate(
      { prompt: task.trim(), ...(name.trim() ? { name: name.trim() } : {}) },
      {
        onSuccess: (agent) => {
          setTask('');
          setName('');
          onStarted(agent);
        },
      },
    );
  };

  return (
    <form
      className="agent-new"
      aria-label="New agent"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onCancel();
        }
      }}
    >
      <h3>New agent</h3>
      <p className="muted small">
        It works in its own copy of the project — a git worktree and branch in the app&apos;s data folder — with the same permissions as
        this project. Nothing reaches your project until you review and merge it.
      </p>
      <label htmlFor={taskId}>Task</label>
      <textarea
        id={taskId}
        ref={taskField}
        rows={3}
        value={task}
        onChange={(e) => setTask(e.target.value)}
        maxLength={100_000}
        placeholder="What should this agent do?"
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            submit();
          }
        }}
        aria-keyshortcuts="Control+Enter"
      />
      <label htmlFor={nameId}>Name (optional)</label>
      <input
        id={nameId}
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={40}
        placeholder="fix-login"
        aria-invalid={nameProblem ? true : undefined}
        aria-describedby={nameProblem ? `${nameHint} ${nameError}` : nameHint}
        spellCheck={false}
        autoComplete="off"
      />
      <p id={nameHint} className="muted small">
        Lower-case letters, digits and dashes; left empty, one is made from the task.
      </p>
      {nameProblem && (
        <p id={nameError} className="error-note small">
          Name: {nameProblem}.
        </p>
      )}
      <div className="row">
        <button type="submit" className="primary" disabled={!canStart}>
          {start.isPending ? 'Starting…' : 'Start agent'} <kbd>Ctrl+Enter</kbd>
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <ActionError error={start.error} doing="start the agent" />
    </form>
  );
}
