import './containerSwitch.css';
import { useSyncExternalStore } from 'react';
import { describeEngineInUse } from '../settings/engineWords.js';
import { useEngineInUse } from '../settings/useEngineInUse.js';
import { containerChoices } from './containerChoice.js';

const NOTE_ID = 'container-switch-note';

/** The open conversation's choice (null: the conversation the first message creates), kept current. */
function useContainerChoice(conversationId: string | null): boolean {
  useSyncExternalStore(containerChoices.subscribe, containerChoices.snapshot);
  return containerChoices.isOn(conversationId);
}

/**
 * "Run commands in a container" for the open conversation: a compact switch in the composer's row
 * (a line of its own would take the transcript's room at 1024×700). Each message sends its value
 * (containerChoice.ts).
 */
export function ContainerToggle({ conversationId }: { conversationId: string | null }) {
  const on = useContainerChoice(conversationId);
  return (
    <label className={`check container-toggle${on ? ' is-on' : ''}`}>
      <input
        type="checkbox"
        role="switch"
        checked={on}
        aria-label="Run commands in a container"
        aria-describedby={on ? NOTE_ID : undefined}
        onChange={(e) => containerChoices.set(conversationId, e.target.checked)}
      />
      In a container
    </label>
  );
}

/** While the switch is on, the conversation says so, with the engine that runs its commands. */
export function ContainerNote({ conversationId }: { conversationId: string | null }) {
  const on = useContainerChoice(conversationId);
  const engine = useEngineInUse(on);
  if (!on) return null;
  return (
    <p id={NOTE_ID} role="status" data-testid="container-on" className="container-note">
      From your next message, this conversation&apos;s commands (run_command) run in a container, not on this machine&apos;s shell
      {engine.data ? ` — engine: ${describeEngineInUse(engine.data)}` : '.'} <a href="#/settings">Container engine settings</a>
    </p>
  );
}
